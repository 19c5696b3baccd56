/**
 * A local server standing in for api.stripe.com (no network here): payment intents kept in memory
 * (the test plays the browser's confirmation by setting their status), refunds answered once per
 * idempotency key as Stripe does, and the cancel of an authorized intent. It checks the secret key.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STANDIN_SECRET_KEY = 'sk_test_local';

export interface StandInIntent {
  id: string;
  client_secret: string;
  status: string;
  amount: number;
  currency: string;
  cancellation_reason?: string | null;
}

export interface StripeStandIn {
  apiBase: string;
  /** The backend's Stripe settings pointing here. */
  settings: { secretKey: string; publishableKey: string; apiBase: string; timeoutMs: number };
  intents: Map<string, StandInIntent>;
  refundRequests: { headers: IncomingHttpHeaders; form: Record<string, string> }[];
  cancelRequests: { id: string; headers: IncomingHttpHeaders; form: Record<string, string> }[];
  /** What Stripe answers the next refund or cancel instead of making it (a refusal, an outage). */
  answerNext(answer: { status: number; body: unknown }): void;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const refundRequests: StripeStandIn['refundRequests'] = [];
  const cancelRequests: StripeStandIn['cancelRequests'] = [];
  const refundsByKey = new Map<string, unknown>();
  let nextAnswer: { status: number; body: unknown } | undefined;
  const takeOverride = () => {
    const override = nextAnswer;
    nextAnswer = undefined;
    return override;
  };

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const reply = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.headers.authorization !== `Bearer ${STANDIN_SECRET_KEY}`) return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const form = Object.fromEntries(new URLSearchParams(body));
      const path = req.url ?? '';
      if (req.method === 'POST' && path === '/v1/refunds') {
        refundRequests.push({ headers: req.headers, form });
        const override = takeOverride();
        if (override) return reply(override.status, override.body);
        const key = String(req.headers['idempotency-key']);
        const refund = refundsByKey.get(key) ?? { id: `re_${refundsByKey.size + 1}`, object: 'refund', amount: Number(form.amount), currency: 'usd', payment_intent: form.payment_intent, status: 'succeeded' };
        refundsByKey.set(key, refund);
        return reply(200, refund);
      }
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const id = `pi_${intents.size + 1}`;
        const intent = { id, client_secret: `${id}_secret`, status: 'requires_payment_method', amount: Number(form.amount), currency: form.currency ?? '' };
        intents.set(id, intent);
        return reply(200, intent);
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
      if (req.method === 'POST' && cancel) {
        const id = decodeURIComponent(cancel[1]!);
        cancelRequests.push({ id, headers: req.headers, form });
        const override = takeOverride();
        if (override) return reply(override.status, override.body);
        const intent = intents.get(id);
        if (!intent) return reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        // Stripe cancels only what is neither captured nor canceled already.
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return reply(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.` } });
        }
        Object.assign(intent, { status: 'canceled', cancellation_reason: form.cancellation_reason ?? null });
        return reply(200, intent);
      }
      const intent = intents.get(decodeURIComponent(path.split('/').pop() ?? ''));
      return intent ? reply(200, intent) : reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiBase,
    settings: { secretKey: STANDIN_SECRET_KEY, publishableKey: 'pk_test_local', apiBase, timeoutMs: 2000 },
    intents,
    refundRequests,
    cancelRequests,
    answerNext: (answer) => (nextAnswer = answer),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { stripeProvider } from './stripe-provider.ts';

/*
 * Stripe cannot be reached from here (no network), so a local HTTP server stands in for
 * api.stripe.com: it records what the provider sends and answers the way Stripe documents.
 */
interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('stripe provider (against a local stand-in for api.stripe.com)', () => {
  const recorded: Recorded[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  let server: Server;
  let apiBase = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = () => stripeProvider({ secretKey: 'sk_test_123', publishableKey: 'pk_test_456', apiBase, timeoutMs: 2000 });
  const intent = { id: 'pi_1', client_secret: 'pi_1_secret_x', status: 'requires_payment_method', amount: 2599, currency: 'usd', object: 'payment_intent' };

  it('creates an intent with a form-encoded request, the secret key and an idempotency key', async () => {
    answer = { status: 200, body: intent };
    const created = await provider().createIntent({ amountMinor: 2599, currency: 'USD', cartId: 7, idempotencyKey: 'key-1' });
    expect(created).toEqual({ id: 'pi_1', clientSecret: 'pi_1_secret_x', status: 'requires_payment_method', amountMinor: 2599, currency: 'USD' });
    const request = recorded.at(-1)!;
    expect([request.method, request.url]).toEqual(['POST', '/v1/payment_intents']);
    expect(request.headers.authorization).toBe('Bearer sk_test_123');
    expect(request.headers['idempotency-key']).toBe('key-1');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      amount: '2599',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[cart_id]': '7',
    });
    expect(provider().publishableKey).toBe('pk_test_456');
  });

  it('retrieves an intent by id and maps its status', async () => {
    answer = { status: 200, body: { ...intent, status: 'succeeded' } };
    const current = await provider().retrieveIntent('pi_1/../x', { id: 'pi_1', clientSecret: null, status: 'requires_payment_method', amountMinor: 2599, currency: 'USD' });
    expect(current.status).toBe('succeeded');
    expect(recorded.at(-1)).toMatchObject({ method: 'GET', url: '/v1/payment_intents/pi_1%2F..%2Fx', body: '' });
  });

  it('refunds through the Refunds API with the payment intent, the amount in cents and an idempotency key', async () => {
    answer = { status: 200, body: { id: 're_1', object: 'refund', amount: 1250, currency: 'usd', payment_intent: 'pi_1', status: 'pending' } };
    const refund = await provider().refund({ paymentIntentId: 'pi_1', amountMinor: 1250, currency: 'USD', orderNumber: '000000042', idempotencyKey: 'order-42-refund-1' });
    expect(refund).toEqual({ id: 're_1', status: 'pending', amountMinor: 1250 });
    const request = recorded.at(-1)!;
    expect([request.method, request.url, request.headers['idempotency-key'], request.headers.authorization]).toEqual(['POST', '/v1/refunds', 'order-42-refund-1', 'Bearer sk_test_123']);
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({ payment_intent: 'pi_1', amount: '1250', 'metadata[order_number]': '000000042' });

    answer = { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_1 has already been refunded.' } } };
    await expect(provider().refund({ paymentIntentId: 'pi_1', amountMinor: 1, currency: 'USD', orderNumber: '1', idempotencyKey: 'k' })).rejects.toMatchObject({ code: 'payment_provider_error', status: 502 });
    answer = { status: 200, body: { id: 're_2', status: 'reversed' } };
    await expect(provider().refund({ paymentIntentId: 'pi_1', amountMinor: 1, currency: 'USD', orderNumber: '1', idempotencyKey: 'k2' })).rejects.toMatchObject({ code: 'payment_provider_error' });
  });

  it('maps card errors to 422 payment_declined, bad keys to 503 and other failures to 502', async () => {
    const fail = async (status: number, body: unknown) => {
      answer = { status, body };
      return provider()
        .createIntent({ amountMinor: 100, currency: 'USD', cartId: 1, idempotencyKey: 'k' })
        .then(() => undefined, (error: unknown) => error as AppError);
    };
    const declined = await fail(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
    expect([declined?.status, declined?.code, declined?.details]).toEqual([422, 'payment_declined', { declineCode: 'insufficient_funds' }]);
    expect((await fail(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }))?.code).toBe('payment_provider_misconfigured');
    expect((await fail(400, { error: { type: 'invalid_request_error', message: 'Amount must be at least 50 cents' } }))?.status).toBe(502);
    expect((await fail(200, { unexpected: true }))?.code).toBe('payment_provider_error');
  });

  it('reports an unreachable API as 502', async () => {
    const offline = stripeProvider({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', apiBase: 'http://127.0.0.1:1', timeoutMs: 500 });
    await expect(offline.createIntent({ amountMinor: 100, currency: 'USD', cartId: 1, idempotencyKey: 'k' })).rejects.toMatchObject({ code: 'payment_provider_unreachable', status: 502 });
  });
});

import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider, ProviderIntent, ProviderRefund } from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  /** https://api.stripe.com unless a test stands a local server in for it. */
  apiBase?: string;
  timeoutMs?: number;
}

const StripeIntent = z.object({
  id: z.string(),
  client_secret: z.string().nullable(),
  status: z.enum(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled']),
  amount: z.number().int(),
  currency: z.string(),
});
const StripeRefund = z.object({
  id: z.string(),
  status: z.enum(['succeeded', 'pending', 'requires_action', 'failed', 'canceled']),
  amount: z.number().int(),
});
const StripeError = z.object({ error: z.object({ type: z.string(), code: z.string().optional(), message: z.string().optional(), decline_code: z.string().optional() }) });

function parsed<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw new AppError('upstream', 'payment_provider_error', 'The payment provider answered in an unexpected shape.', undefined, { cause: result.error });
  return result.data;
}

function toIntent(body: unknown): ProviderIntent {
  const { id, client_secret, status, amount, currency } = parsed(StripeIntent, body);
  return { id, clientSecret: client_secret, status, amountMinor: amount, currency: currency.toUpperCase() };
}

function toRefund(body: unknown): ProviderRefund {
  const { id, status, amount } = parsed(StripeRefund, body);
  return { id, status, amountMinor: amount };
}

/** Maps Stripe's error body to ours: card problems are the shopper's (422), the rest ours or Stripe's. */
function toError(status: number, body: unknown): AppError {
  const known = StripeError.safeParse(body);
  const error = known.success ? known.data.error : undefined;
  if (error?.type === 'card_error') {
    return new AppError('unprocessable', 'payment_declined', error.message ?? 'The card was declined.', { declineCode: error.decline_code ?? error.code });
  }
  if (status === 401 || status === 403) {
    return new AppError('unavailable', 'payment_provider_misconfigured', 'Card payments are not configured correctly.', undefined, { cause: error });
  }
  // Stripe's own sentence says what to do ("…because it has a status of succeeded"); the admin sees it.
  const why = error?.message ? `The payment provider refused the request: ${error.message}` : 'The payment provider refused the request.';
  return new AppError('upstream', 'payment_provider_error', why, undefined, { cause: error ?? body });
}

/**
 * Stripe through its REST API (form-encoded requests, JSON answers, Bearer secret key) with fetch:
 * no SDK, so the request shape is ours to see and test. The secret key never leaves the backend.
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const apiBase = settings.apiBase ?? 'https://api.stripe.com';
  const timeoutMs = settings.timeoutMs ?? 10_000;

  async function call(method: 'GET' | 'POST', path: string, form?: URLSearchParams, idempotencyKey?: string): Promise<unknown> {
    const headers: Record<string, string> = { Authorization: `Bearer ${settings.secretKey}` };
    if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let response: Response;
    try {
      response = await fetch(`${apiBase}${path}`, { method, headers, body: form?.toString(), signal: AbortSignal.timeout(timeoutMs) });
    } catch (cause) {
      throw new AppError('upstream', 'payment_provider_unreachable', 'The payment provider did not answer.', undefined, { cause });
    }
    const body: unknown = await response.json().catch((cause: unknown) => ({ unparsable: String(cause) }));
    if (!response.ok) throw toError(response.status, body);
    return body;
  }

  return {
    code: 'stripe',
    title: 'Credit card (Stripe)',
    publishableKey: settings.publishableKey,
    async createIntent({ amountMinor, currency, cartId, idempotencyKey }) {
      const form = new URLSearchParams({
        amount: String(amountMinor),
        currency: currency.toLowerCase(),
        'automatic_payment_methods[enabled]': 'true',
        'metadata[cart_id]': String(cartId),
      });
      return toIntent(await call('POST', '/v1/payment_intents', form, idempotencyKey));
    },
    async retrieveIntent(id) {
      return toIntent(await call('GET', `/v1/payment_intents/${encodeURIComponent(id)}`));
    },
    // Cancelling the PaymentIntent releases the authorization; Stripe refuses once it is captured.
    async cancelIntent(id) {
      return toIntent(await call('POST', `/v1/payment_intents/${encodeURIComponent(id)}/cancel`, new URLSearchParams()));
    },
    // The Refunds API: a partial refund is an amount below what is left; Stripe refuses more.
    async refund({ paymentIntentId, amountMinor, orderNumber, idempotencyKey }) {
      const form = new URLSearchParams({ payment_intent: paymentIntentId, amount: String(amountMinor), 'metadata[order_number]': orderNumber });
      return toRefund(await call('POST', '/v1/refunds', form, idempotencyKey));
    },
  };
}

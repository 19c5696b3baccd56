import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderBody } from './helpers/checkout.ts';
import { aSimpleProduct } from './helpers/shop-data.ts';
import { openTestShop, type TestShop } from './helpers/test-shop.ts';

/*
 * Checkout with the stripe provider end to end, with a local server standing in for api.stripe.com
 * (no network here): it keeps intents in memory and lets the test play the browser's confirmation.
 */
describe('checkout with the stripe provider (local stand-in for the Stripe API)', () => {
  const intents = new Map<string, { id: string; client_secret: string; status: string; amount: number; currency: string }>();
  let stripe: Server;
  let shop: TestShop;

  beforeAll(async () => {
    stripe = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const reply = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
        if (req.headers.authorization !== 'Bearer sk_test_local') return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        if (req.method === 'POST' && req.url === '/v1/payment_intents') {
          const form = new URLSearchParams(body);
          const id = `pi_${intents.size + 1}`;
          const intent = { id, client_secret: `${id}_secret`, status: 'requires_payment_method', amount: Number(form.get('amount')), currency: form.get('currency') ?? '' };
          intents.set(id, intent);
          return reply(200, intent);
        }
        const intent = intents.get(decodeURIComponent(req.url?.split('/').pop() ?? ''));
        return intent ? reply(200, intent) : reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
      });
    });
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
    const apiBase = `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`;
    shop = await openTestShop('pglite', { payments: { defaultProvider: 'stripe', stripe: { secretKey: 'sk_test_local', publishableKey: 'pk_test_local', apiBase } } });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
    await new Promise<void>((resolve) => stripe.close(() => resolve()));
  });

  it('offers only Stripe, creates the intent at Stripe in cents, and places the order once Stripe says succeeded', async () => {
    const methods = await shop.send<{ member: { code: string; publishableKey: string }[] }>('GET', '/api/rest/v2/payment-methods');
    expect(methods.body.member).toEqual([expect.objectContaining({ code: 'stripe', publishableKey: 'pk_test_local' })]);

    const product = await aSimpleProduct(shop.database.db);
    const token = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
    const headers = { 'x-cart-token': token };
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 }, headers });
    const intent = await shop.send<{ id: string; amount: number; clientSecret: string; provider: string }>('POST', '/api/rest/v2/payment-intents', {
      json: { shippingMethod: 'flatrate', country: 'US' },
      headers,
    });
    expect(intent.status).toBe(201);
    expect(intent.body).toMatchObject({ provider: 'stripe', clientSecret: `${intent.body.id}_secret` });
    expect(intents.get(intent.body.id)).toMatchObject({ amount: Math.round(intent.body.amount * 100), currency: 'usd' });
    // Test cards are for the test provider only.
    expect((await shop.send('POST', `/api/rest/v2/payment-intents/${intent.body.id}/confirm`, { json: { cardNumber: '4242424242424242' }, headers })).status).toBe(400);

    const body = { ...placeOrderBody(intent.body.id), paymentMethod: 'stripe' };
    const unpaid = await shop.send('POST', '/api/rest/v2/checkout/place-order', { json: body, headers: { ...headers, 'idempotency-key': 'a' } });
    expect(unpaid.body.error).toBe('payment_not_completed');
    intents.get(intent.body.id)!.status = 'succeeded';
    const placed = await shop.send<{ paymentMethod: string; grandTotal: number }>('POST', '/api/rest/v2/checkout/place-order', { json: body, headers: { ...headers, 'idempotency-key': 'b' } });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ paymentMethod: 'stripe', grandTotal: intent.body.amount });
  });
});

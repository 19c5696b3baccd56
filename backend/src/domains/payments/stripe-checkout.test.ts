import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigFromEnv, parseEnv } from '../../env.ts';
import { placeOrderBody } from '../../../test/helpers/checkout.ts';
import { aSimpleProduct } from '../../../test/helpers/shop-data.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/helpers/stripe-standin.ts';
import { openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

/*
 * Checkout with the stripe provider end to end, with a local server standing in for api.stripe.com
 * (no network here): it keeps intents in memory and lets the test play the browser's confirmation.
 */
describe('checkout with the stripe provider (local stand-in for the Stripe API)', () => {
  let stripe: StripeStandIn;
  let shop: TestShop;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    // As the environment configures it: Stripe's keys set, PAYMENT_PROVIDER unset (DECISIONS.md 57).
    const { payments } = appConfigFromEnv(parseEnv({ STRIPE_SECRET_KEY: stripe.settings.secretKey, STRIPE_PUBLISHABLE_KEY: stripe.settings.publishableKey, STRIPE_API_BASE: stripe.settings.apiBase }));
    shop = await openTestShop('pglite', { payments: { ...payments!, stripe: stripe.settings } });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
    await stripe.close();
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
    expect(stripe.intents.get(intent.body.id)).toMatchObject({ amount: Math.round(intent.body.amount * 100), currency: 'usd' });
    // Test cards are for the test provider only.
    expect((await shop.send('POST', `/api/rest/v2/payment-intents/${intent.body.id}/confirm`, { json: { cardNumber: '4242424242424242' }, headers })).status).toBe(400);

    const body = { ...placeOrderBody(intent.body.id), paymentMethod: 'stripe' };
    const unpaid = await shop.send('POST', '/api/rest/v2/checkout/place-order', { json: body, headers: { ...headers, 'idempotency-key': 'a' } });
    expect(unpaid.body.error).toBe('payment_not_completed');
    stripe.intents.get(intent.body.id)!.status = 'succeeded';
    const placed = await shop.send<{ paymentMethod: string; grandTotal: number }>('POST', '/api/rest/v2/checkout/place-order', { json: body, headers: { ...headers, 'idempotency-key': 'b' } });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ paymentMethod: 'stripe', grandTotal: intent.body.amount });
  });
});

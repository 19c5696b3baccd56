import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { OrderSchema } from './schemas.ts';
import { orders, products } from '../../platform/db/schema/index.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { aSimpleProduct, shopper, usAddress } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

type Order = z.infer<typeof OrderSchema>;

describe.each(dialects)('checkout (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  async function guestCartWith(sku: string, qty: number): Promise<Record<string, string>> {
    const token = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
    const headers = { 'x-cart-token': token };
    const added = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku, qty }, headers });
    if (added.status !== 200) throw new Error(`add failed: ${added.status} ${JSON.stringify(added.body)}`);
    return headers;
  }

  it('quotes shipping methods for the cart and lists payment methods', async () => {
    const product = await aSimpleProduct(shop.database.db);
    const headers = await guestCartWith(product.sku, 1);
    const quotes = await shop.send<{ member: { code: string; amount: number }[] }>('GET', '/api/rest/v2/shipping-methods?country=AU', { headers });
    expect(quotes.status).toBe(200);
    expect(quotes.body.member.map((m) => m.code)).toContain('tablerate');
    expect(quotes.body.member.find((m) => m.code === 'tablerate')?.amount).toBe(15);
    expect((await shop.send('GET', '/api/rest/v2/shipping-methods?country=australia')).status).toBe(400);
    expect((await shop.send('GET', '/api/rest/v2/shipping-methods')).status).toBe(400);
    const methods = await shop.send<{ member: { code: string; isDefault: boolean }[] }>('GET', '/api/rest/v2/payment-methods');
    expect(methods.body.member).toEqual([expect.objectContaining({ code: 'test', isDefault: true })]);
  });

  it('places an order paid with a test card, decrements stock, and lists it for the customer', async () => {
    const product = await aSimpleProduct(shop.database.db, 1);
    const auth = await bearerFor(shop, shopper);
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 2 }, headers: auth });
    const intent = await payCart(shop, auth);
    const placed = await shop.send<Order>('POST', '/api/rest/v2/checkout/place-order', {
      json: { ...placeOrderBody(intent), email: undefined },
      headers: { ...auth, 'idempotency-key': 'order-1' },
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: 'processing', email: shopper.email, shippingMethod: 'flatrate', shippingAmount: 5, paymentMethod: 'test' });
    expect(placed.body.number).toMatch(/^1\d{8}$/);
    expect(placed.body.lines).toMatchObject([{ sku: product.sku, qty: 2 }]);
    expect(placed.body.grandTotal).toBeCloseTo(placed.body.subtotal + 5, 2);
    expect(placed.body.billingAddress).toEqual(placed.body.shippingAddress);
    const [after] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(after!.qty).toBe(product.qty - 2);
    // The cart is consumed.
    expect((await shop.send<{ items: unknown[] }>('GET', '/api/rest/v2/cart', { headers: auth })).body.items).toEqual([]);
    const mine = await shop.send<{ member: Order[]; totalItems: number }>('GET', '/api/rest/v2/customers/me/orders', { headers: auth });
    expect(mine.body.member.map((o) => o.number)).toContain(placed.body.number);
    expect((await shop.send('GET', '/api/rest/v2/customers/me/orders')).status).toBe(401);
    expect((await shop.send('GET', '/api/rest/v2/customers/me/orders?page=0', { headers: auth })).status).toBe(400);
  });

  it('returns the same order for a replayed Idempotency-Key and never makes a second one', async () => {
    const product = await aSimpleProduct(shop.database.db, 2);
    const headers = await guestCartWith(product.sku, 1);
    const intent = await payCart(shop, headers);
    const request = () => shop.send<Order>('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent), headers: { ...headers, 'idempotency-key': 'retry-me' } });
    const [first, second] = await Promise.all([request(), request()]);
    const third = await request();
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(third.status).toBe(200);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(new Set([first.body.id, second.body.id, third.body.id]).size).toBe(1);
    expect(await shop.database.db.select().from(orders).where(eq(orders.idempotencyKey, 'retry-me'))).toHaveLength(1);
    // The guest keeps shopping with its old token: the cart answer hands out a fresh one.
    const next = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 }, headers });
    expect(next.status).toBe(200);
    expect(next.headers.get('x-cart-token')).toMatch(/^[\w-]{43}$/);
    expect(next.headers.get('x-cart-token')).not.toBe(headers['x-cart-token']);
  });

  it('sells the last unit to exactly one of several parallel buyers', async () => {
    const product = await aSimpleProduct(shop.database.db, 3);
    await shop.database.db.update(products).set({ qty: 1 }).where(eq(products.id, product.id));
    const buyers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const headers = await guestCartWith(product.sku, 1);
        return { headers, intent: await payCart(shop, headers) };
      }),
    );
    const results = await Promise.all(
      buyers.map(({ headers, intent }, index) =>
        shop.send<Order & { error?: string }>('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent), headers: { ...headers, 'idempotency-key': `last-unit-${index}` } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error === 'insufficient_stock')).toBe(true);
    const [after] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect([after!.qty, after!.stockStatus]).toEqual([0, 'out_of_stock']);
  });

  it('refuses to sell a product the merchant disabled after it was put in the cart', async () => {
    const product = await aSimpleProduct(shop.database.db, 5);
    const headers = await guestCartWith(product.sku, 1);
    const intent = await payCart(shop, headers);
    await shop.database.db.update(products).set({ isEnabled: false }).where(eq(products.id, product.id));
    const refused = await shop.send('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent), headers: { ...headers, 'idempotency-key': 'disabled' } });
    expect([refused.status, refused.body.error]).toEqual([409, 'insufficient_stock']);
    await shop.database.db.update(products).set({ isEnabled: true }).where(eq(products.id, product.id));
  });

  it('refuses declined, unpaid, mismatched and malformed checkouts', async () => {
    const product = await aSimpleProduct(shop.database.db, 4);
    const headers = await guestCartWith(product.sku, 1);
    const intent = await shop.send<{ id: string; status: string; clientSecret: string }>('POST', '/api/rest/v2/payment-intents', { json: { shippingMethod: 'flatrate', country: 'US' }, headers });
    expect(intent.status).toBe(201);
    expect(intent.body).toMatchObject({ status: 'requires_payment_method', clientSecret: expect.any(String) });
    const place = (body: object, key: string) => shop.send('POST', '/api/rest/v2/checkout/place-order', { json: body, headers: { ...headers, 'idempotency-key': key } });
    expect((await place(placeOrderBody(intent.body.id), 'unpaid')).body.error).toBe('payment_not_completed');
    const declined = await shop.send('POST', `/api/rest/v2/payment-intents/${intent.body.id}/confirm`, { json: { cardNumber: '4000 0000 0000 0002' }, headers });
    expect([declined.status, declined.body.error, declined.body.details]).toEqual([422, 'payment_declined', { declineCode: 'card_declined' }]);
    expect((await shop.send('POST', `/api/rest/v2/payment-intents/${intent.body.id}/confirm`, { json: { cardNumber: '1234' }, headers })).status).toBe(400);
    await shop.send('POST', `/api/rest/v2/payment-intents/${intent.body.id}/confirm`, { json: { cardNumber: '4242424242424242' }, headers });
    // The cart grew after paying: the intent no longer covers it.
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 }, headers });
    expect((await place(placeOrderBody(intent.body.id), 'grown')).body.error).toBe('payment_amount_mismatch');
    expect((await place({ ...placeOrderBody(intent.body.id), shippingMethod: 'teleport' }, 'teleport')).body.error).toBe('shipping_method_unavailable');
    expect((await place({ ...placeOrderBody(intent.body.id), paymentMethod: 'cash' }, 'cash')).body.error).toBe('payment_method_unavailable');
    expect((await place({ ...placeOrderBody(intent.body.id), email: undefined }, 'no-email')).status).toBe(400);
    expect((await place({ ...placeOrderBody(intent.body.id), shippingAddress: { ...usAddress, postcode: '' } }, 'bad-address')).status).toBe(400);
    expect((await place(placeOrderBody('pi_test_unknown'), 'unknown-intent')).status).toBe(404);
    const noKey = await shop.send('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent.body.id), headers });
    expect([noKey.status, noKey.body.error]).toEqual([400, 'invalid_request']);
    const emptyToken = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
    const empty = await shop.send('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent.body.id), headers: { 'x-cart-token': emptyToken, 'idempotency-key': 'empty' } });
    expect([empty.status, empty.body.error]).toEqual([409, 'cart_empty']);
    expect((await shop.send('POST', '/api/rest/v2/payment-intents', { json: { shippingMethod: 'flatrate', country: 'US', provider: 'stripe' }, headers })).status).toBe(400);
    for (const json of [{}, { shippingMethod: 'flatrate', country: 'usa' }, { shippingMethod: '', country: 'US' }, [], 'x']) {
      expect((await shop.send('POST', '/api/rest/v2/payment-intents', { json, headers })).status, JSON.stringify(json)).toBe(400);
    }
    expect((await shop.send('POST', '/api/rest/v2/payment-intents', { json: { shippingMethod: 'flatrate', country: 'US' }, headers: { 'x-cart-token': emptyToken } })).status).toBe(409);
    expect((await shop.send('POST', `/api/rest/v2/payment-intents/${intent.body.id}/confirm`, { json: {}, headers })).status).toBe(400);
    expect((await shop.send('POST', '/api/rest/v2/payment-intents/pi_nope/confirm', { json: { cardNumber: '4242424242424242' }, headers })).status).toBe(404);
    expect((await shop.send('POST', '/api/rest/v2/checkout/place-order', { json: { paymentMethod: 'test' }, headers: { ...headers, 'idempotency-key': 'partial' } })).status).toBe(400);
    const longKey = await shop.send('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent.body.id), headers: { ...headers, 'idempotency-key': 'k'.repeat(256) } });
    expect(longKey.status).toBe(400);
  });
});

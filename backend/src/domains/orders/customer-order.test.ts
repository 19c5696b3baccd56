/**
 * A signed-in customer opens one of their orders by its number (issue 33 item 11): their own order
 * answers in full; another customer's, a guest's, an unknown or a malformed number never shows one.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer } from '../../../test/helpers/admin-session.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { aSimpleProduct } from '../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Order {
  id: number;
  number: string;
  status: string;
  lines: { sku: string; qty: number }[];
  tracking: string | null;
  refunds: { amount: number; createdAt: string }[];
}

const myOrder = (number: string) => `/api/rest/v2/customers/me/orders/${number}`;

describe.each(dialects)('a customer\'s order by number (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  let seq = 0;
  async function register(label: string) {
    const account = { email: `${label}-${randomBytes(4).toString('hex')}@example.com`, password: 'Ordering#2026', firstName: 'Ada', lastName: 'Lovelace' };
    const created = await shop.send('POST', '/api/rest/v2/customers', { json: account });
    expect(created.status).toBe(201);
    return { ...account, auth: await bearerFor(shop, account) };
  }

  async function placeOrder(caller: Record<string, string>, email: string) {
    const product = await aSimpleProduct(shop.database.db, seq % 3);
    expect((await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 2 }, headers: caller })).status).toBeLessThan(300);
    const intent = await payCart(shop, caller);
    const placed = await shop.send<Order>('POST', '/api/rest/v2/checkout/place-order', {
      json: placeOrderBody(intent, email),
      headers: { ...caller, 'idempotency-key': `customer-order-${++seq}` },
    });
    expect(placed.status).toBe(201);
    return { order: placed.body, sku: product.sku };
  }

  it('answers the customer\'s own order with its lines, and the same 404 for anyone else\'s', async () => {
    const owner = await register('owner');
    const other = await register('other');
    const { order, sku } = await placeOrder(owner.auth, owner.email);

    const mine = await shop.send<Order>('GET', myOrder(order.number), { headers: owner.auth });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.body.number).toBe(order.number);
    expect(mine.body.lines).toEqual([expect.objectContaining({ sku, qty: 2 })]);
    expect(mine.body).toMatchObject({ tracking: null, refunds: [] });

    const theirs = await shop.send<{ error: string }>('GET', myOrder(order.number), { headers: other.auth });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('order_not_found');
    const unknown = await shop.send<{ error: string }>('GET', myOrder('999999999999'), { headers: owner.auth });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('order_not_found');
  });

  it('shows the shopper the tracking reference once shipped and each completed refund, in their order and in the guest lookup', async () => {
    const admin = await adminBearer(shop);
    const owner = await register('shipped');
    const { order } = await placeOrder(owner.auth, owner.email);
    const refund = await shop.send('POST', `/api/rest/v2/admin/orders/${order.id}/refunds`, { json: { amount: 1.5, reason: 'Late delivery' }, headers: admin });
    expect(refund.status).toBe(201);
    const ship = await shop.send('POST', `/api/rest/v2/admin/orders/${order.id}/ship`, { json: { tracking: '1Z999AA10123456784' }, headers: admin });
    expect(ship.status).toBe(200);

    const mine = await shop.send<Order>('GET', myOrder(order.number), { headers: owner.auth });
    expect(mine.body).toMatchObject({ status: 'complete', tracking: '1Z999AA10123456784', refunds: [{ amount: 1.5 }] });
    // The staff's reason and who refunded stay the shop's.
    expect(JSON.stringify(mine.body)).not.toContain('Late delivery');
    expect(JSON.stringify(mine.body)).not.toContain('admin@example.com');

    const cartToken = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
    const { order: guestOrder } = await placeOrder({ 'x-cart-token': cartToken }, 'guest-shipped@example.com');
    expect((await shop.send('POST', `/api/rest/v2/admin/orders/${guestOrder.id}/ship`, { json: { tracking: 'TRACK-42' }, headers: admin })).status).toBe(200);
    const lookedUp = await shop.send<Order>('POST', '/api/rest/v2/orders/lookup', { json: { number: guestOrder.number, email: 'guest-shipped@example.com', postcode: '12345' } });
    expect(lookedUp.status).toBe(200);
    expect(lookedUp.body).toMatchObject({ status: 'complete', tracking: 'TRACK-42', refunds: [] });
  });

  it('answers a guest\'s order as not found, even to a customer with the same email', async () => {
    const customer = await register('guest-twin');
    const cartToken = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
    const { order } = await placeOrder({ 'x-cart-token': cartToken }, customer.email);
    expect((await shop.send('GET', myOrder(order.number), { headers: customer.auth })).status).toBe(404);
  });

  it('refuses a caller without a token and a number that is not one', async () => {
    expect((await shop.send('GET', myOrder('100000001'))).status).toBe(401);
    const owner = await register('typo');
    const malformed = await shop.send<{ error: string }>('GET', myOrder('abc%27--'), { headers: owner.auth });
    expect(malformed.status).toBe(400);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CartSchema } from './schemas.ts';
import { products } from '../../platform/db/schema/index.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { aConfigurableChoice, aSimpleProduct, tradeBuyer } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

type Cart = z.infer<typeof CartSchema>;

describe.each(dialects)('cart (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('issues a guest cart token with the first answer and keeps the cart under it', async () => {
    const first = await shop.send<Cart>('GET', '/api/rest/v2/cart');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: null, items: [], subtotal: 0, currency: 'USD' });
    expect(first.headers.get('cache-control')).toBe('no-store');
    const token = first.headers.get('x-cart-token')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const product = await aSimpleProduct(shop.database.db);
    const added = await shop.send<Cart>('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 2 }, headers: { 'x-cart-token': token } });
    expect(added.status).toBe(200);
    expect(added.body.items).toMatchObject([{ sku: product.sku, qty: 2 }]);
    expect(added.body.subtotal).toBeCloseTo(added.body.items[0]!.price * 2, 2);
    const again = await shop.send<Cart>('GET', '/api/rest/v2/cart', { headers: { 'x-cart-token': token } });
    expect(again.body.items).toHaveLength(1);
    expect(again.headers.get('x-cart-token')).toBeNull();
    // Adding the same product again adds to the line.
    const more = await shop.send<Cart>('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 }, headers: { 'x-cart-token': token } });
    expect(more.body.items).toMatchObject([{ qty: 3 }]);
  });

  it('picks the variant of a configurable from its options', async () => {
    const { parent, variant, options } = await aConfigurableChoice(shop.database.db);
    const token = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
    const headers = { 'x-cart-token': token };
    const missing = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: parent.sku, qty: 1 }, headers });
    // Like every bad choice, these name the field; `missing` and `option` stay for older clients.
    const codes = Object.keys(options);
    const named = (missing.body.details as { missing: string[] }).missing;
    expect([missing.status, missing.body.error, missing.body.details]).toEqual([400, 'options_required', { field: `options.${named[0]}`, missing: named }]);
    expect([...named].sort()).toEqual([...codes].sort());
    const wrong = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: parent.sku, qty: 1, options: Object.fromEntries(codes.map((k) => [k, 'Plaid'])) }, headers });
    const option = (wrong.body.details as { option: string }).option;
    expect([wrong.status, wrong.body.error, wrong.body.details]).toEqual([400, 'invalid_option', { field: `options.${option}`, option }]);
    expect(codes).toContain(option);
    const added = await shop.send<Cart>('POST', '/api/rest/v2/cart/items', { json: { sku: parent.sku, qty: 1, options }, headers });
    expect(added.status).toBe(200);
    expect(added.body.items[0]).toMatchObject({ sku: variant.sku, parentSku: parent.sku, options });
  });

  it('checks stock on add and on quantity changes', async () => {
    const product = await aSimpleProduct(shop.database.db, 1);
    const token = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
    const headers = { 'x-cart-token': token };
    const tooMany = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: product.qty + 1 }, headers });
    expect([tooMany.status, tooMany.body.error, tooMany.body.details]).toEqual([409, 'insufficient_stock', { available: product.qty }]);
    const added = await shop.send<Cart>('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 }, headers });
    const itemId = added.body.items[0]!.id;
    const patched = await shop.send<Cart>('PATCH', `/api/rest/v2/cart/items/${itemId}`, { json: { qty: 4 }, headers });
    expect(patched.body.items[0]!.qty).toBe(4);
    expect((await shop.send('PATCH', `/api/rest/v2/cart/items/${itemId}`, { json: { qty: product.qty + 1 }, headers })).status).toBe(409);
    await shop.database.db.update(products).set({ stockStatus: 'out_of_stock' }).where(eq(products.id, product.id));
    expect((await shop.send('PATCH', `/api/rest/v2/cart/items/${itemId}`, { json: { qty: 1 }, headers })).status).toBe(409);
    await shop.database.db.update(products).set({ stockStatus: 'in_stock' }).where(eq(products.id, product.id));
    const removed = await shop.send<Cart>('DELETE', `/api/rest/v2/cart/items/${itemId}`, { headers });
    expect(removed.body.items).toEqual([]);
    expect((await shop.send('DELETE', `/api/rest/v2/cart/items/${itemId}`, { headers })).status).toBe(404);
  });

  it('refuses bad input with 400/404/422, never 500', async () => {
    const token = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
    const headers = { 'x-cart-token': token };
    const cases: [string, string, unknown, number][] = [
      ['POST', '/api/rest/v2/cart/items', { sku: '', qty: 1 }, 400],
      ['POST', '/api/rest/v2/cart/items', { sku: 'x', qty: 0 }, 400],
      ['POST', '/api/rest/v2/cart/items', { sku: 'x', qty: 1.5 }, 400],
      ['POST', '/api/rest/v2/cart/items', { sku: 'no-such-sku', qty: 1 }, 404],
      ['PATCH', '/api/rest/v2/cart/items/999999', { qty: 1 }, 404],
      ['PATCH', '/api/rest/v2/cart/items/0', { qty: 1 }, 400],
      ['PATCH', '/api/rest/v2/cart/items/1', { qty: -1 }, 400],
    ];
    for (const [method, path, json, status] of cases) expect((await shop.send(method, path, { json, headers })).status, `${method} ${path} ${JSON.stringify(json)}`).toBe(status);
    const [bundle] = await shop.database.db.select().from(products).where(eq(products.type, 'bundle')).limit(1);
    // A bundle needs its selections (cart-product-types.test.ts covers the choices of every type).
    expect((await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: bundle!.sku, qty: 1 }, headers })).status).toBe(400);
    expect((await shop.send('GET', '/api/rest/v2/cart', { headers: { 'x-cart-token': 'short' } })).status).toBe(400);
    expect((await shop.send('GET', '/api/rest/v2/cart?store=nope')).status).toBe(404);
  });

  it('merges the guest cart into the customer cart at login', async () => {
    const product = await aSimpleProduct(shop.database.db, 2);
    const auth = await bearerFor(shop, tradeBuyer);
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 }, headers: auth });
    const token = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 2 }, headers: { 'x-cart-token': token } });
    const merged = await bearerFor(shop, tradeBuyer, { 'x-cart-token': token });
    const cart = await shop.send<Cart>('GET', '/api/rest/v2/cart', { headers: merged });
    expect(cart.body.items).toMatchObject([{ sku: product.sku, qty: 3 }]);
    // The guest cart is closed: its token now names an empty cart.
    expect((await shop.send<Cart>('GET', '/api/rest/v2/cart', { headers: { 'x-cart-token': token } })).body.items).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { shopper, tradeBuyer } from '../../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type ErrorAnswer, type TestShop } from '../../../../test/helpers/test-shop.ts';
import b2bPricing from '../index.ts';
import type { CompanyView, PriceListView } from '../routes/wire.ts';

const base = '/api/rest/v2/admin/b2b-pricing';
type Fields = { details?: { field: string }[] };
const fieldsOf = (body: ErrorAnswer) => ((body as Fields).details ?? []).map((detail) => detail.field);

describe.each(dialects)('B2B Pricing admin API (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  let buyerId: number;
  let shopperId: number;
  const send = <T = ErrorAnswer>(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) => shop.send<T>(method, `${base}${path}`, { json, headers: { ...admin, ...headers } });
  const count = async (path: string) => (await send<{ totalItems: number }>('GET', path)).body.totalItems;

  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [b2bPricing] });
    admin = await adminBearer(shop);
    const me = async (account: typeof shopper) => (await shop.get('/api/rest/v2/customers/me', await bearerFor(shop, account))).body as { id: number };
    buyerId = (await me(tradeBuyer)).id;
    shopperId = (await me(shopper)).id;
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('answers discovery from the configuration, and 404 for nothing admin-only', async () => {
    expect((await shop.get('/api/rest/v2/b2b/pricing/config')).body).toEqual({ enabled: false, showTierPrices: true, quickOrder: true, paymentTerms: false });
    expect((await send('PUT', '/config', { enabled: true })).status).toBe(200);
    expect((await shop.get('/api/rest/v2/b2b/pricing/config')).body).toMatchObject({ enabled: true });
  });

  it('refuses guests and customers', async () => {
    expect((await shop.send('GET', `${base}/companies`)).status).toBe(401);
    expect((await shop.send('GET', `${base}/companies`, { headers: await bearerFor(shop, shopper) })).status).toBe(403);
  });

  it('price lists: 201 with Location and ETag; bad input names the field and writes nothing; unknown SKUs are kept', async () => {
    const before = await count('/price-lists');
    const bad = [
      [{ code: 'x', name: 'X', items: [{ sku: 'A', tiers: [{ minQty: 1, price: -1 }] }] }, 'items.0.tiers.0.price'],
      [{ code: 'x', name: 'X', items: [{ sku: 'A', tiers: [{ minQty: 1, price: 1.005 }] }] }, 'items.0.tiers.0.price'],
      [{ code: 'x', name: 'X', items: [{ sku: 'A', tiers: [] }] }, 'items.0.tiers'],
      [{ code: 'x', name: 'X', items: [{ sku: 'A', tiers: [{ minQty: 1, price: 1 }], minQty: 5, maxQty: 2 }] }, 'items.0.maxQty'],
      [{ code: 'x', name: 'X', items: [{ sku: 'A', tiers: [{ minQty: 1, price: 1 }], minQty: 5, increment: 6 }] }, 'items.0.minQty'],
      [{ code: 'x', name: 'X', items: [{ sku: 'A', tiers: [{ minQty: 1, price: 1 }] }, { sku: 'A', tiers: [{ minQty: 1, price: 2 }] }] }, 'items.1.sku'],
      [{ code: 'bad code', name: 'X' }, 'code'],
      [{ code: 'x' }, 'name'],
      [{ code: 'x', name: 'X', storeCodes: ['default', 'mars'] }, 'storeCodes.1'],
      [{ code: 'x', name: 'X', colour: 'red' }, ''],
    ] as const;
    for (const [json, field] of bad) {
      const refused = await send('POST', '/price-lists', json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.body.error).toBe('invalid_request');
      if (field) expect(fieldsOf(refused.body)).toContain(field);
    }
    expect(await count('/price-lists')).toBe(before);

    const created = await send<PriceListView>('POST', '/price-lists', { code: 'trade', name: 'Trade', items: [{ sku: 'NOT-YET-IN-CATALOG', tiers: [{ minQty: 10, price: 4 }, { minQty: 1, price: 5 }], increment: 2 }] });
    expect(created.status).toBe(201);
    expect(created.headers.get('Location')).toBe(`${base}/price-lists/${created.body.id}`);
    expect(created.headers.get('ETag')).toMatch(/^"price-list-/);
    expect(created.body).toMatchObject({ code: 'trade', storeCodes: null, items: [{ sku: 'NOT-YET-IN-CATALOG', tiers: [{ minQty: 1, price: 5 }, { minQty: 10, price: 4 }], increment: 2 }] });
    const taken = await send('POST', '/price-lists', { code: 'trade', name: 'Again' });
    expect([taken.status, taken.body.error]).toEqual([409, 'code_taken']);

    const list = await send<{ member: { code: string; itemCount: number }[] }>('GET', '/price-lists?search=trad');
    expect(list.body.member).toEqual([expect.objectContaining({ code: 'trade', itemCount: 1 })]);
  });

  it('price lists: PATCH and DELETE honour If-Match (412, nothing changed); a bad PATCH changes nothing', async () => {
    const created = await send<PriceListView>('POST', '/price-lists', { code: 'etag', name: 'ETag test', items: [{ sku: 'S1', tiers: [{ minQty: 1, price: 3 }] }] });
    const path = `/price-lists/${created.body.id}`;
    const etag = created.headers.get('ETag')!;
    const changed = await send<PriceListView>('PATCH', path, { name: 'Renamed' }, { 'If-Match': etag });
    expect([changed.status, changed.body.name, changed.body.items.length]).toEqual([200, 'Renamed', 1]);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    const stale = await send('PATCH', path, { name: 'Lost update' }, { 'If-Match': etag });
    expect([stale.status, stale.body.error]).toEqual([412, 'stale_version']);
    const half = await send('PATCH', path, { name: 'Half', items: [{ sku: 'S2', tiers: [{ minQty: 0, price: 1 }] }] });
    expect(fieldsOf(half.body)).toContain('items.0.tiers.0.minQty');
    expect((await send<PriceListView>('GET', path)).body).toMatchObject({ name: 'Renamed', items: [{ sku: 'S1' }] });
    expect((await send('DELETE', path, undefined, { 'If-Match': etag })).status).toBe(412);
    expect((await send('DELETE', path, undefined, { 'If-Match': changed.headers.get('ETag')! })).status).toBe(204);
    expect((await send('GET', path)).status).toBe(404);
  });

  it('companies: create with lists, terms and buyers; references checked in one transaction; a buyer buys for one company', async () => {
    const [list] = (await send<{ member: { id: number; code: string }[] }>('GET', '/price-lists?search=trade')).body.member;
    const before = await count('/companies');
    const bad = [
      [{}, 'name'],
      [{ name: 'X', priceListIds: [list!.id, 999_999] }, 'priceListIds.1'],
      [{ name: 'X', priceListIds: [list!.id, list!.id] }, 'priceListIds'],
      [{ name: 'X', customerGroupId: 999 }, 'customerGroupId'],
      [{ name: 'X', buyers: [{ customerId: buyerId, role: 'owner' }] }, 'buyers.0.role'],
      [{ name: 'X', buyers: [{ customerId: buyerId, role: 'admin' }, { customerId: 999_999, role: 'buyer' }] }, 'buyers.1.customerId'],
      [{ name: 'X', paymentTerms: { netDays: 30 } }, 'paymentTerms.creditLimit'],
      [{ name: 'X', paymentTerms: { netDays: -1, creditLimit: 10 } }, 'paymentTerms.netDays'],
    ] as const;
    for (const [json, field] of bad) {
      const refused = await send('POST', '/companies', json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(fieldsOf(refused.body)).toContain(field);
    }
    expect(await count('/companies')).toBe(before);

    const created = await send<CompanyView>('POST', '/companies', {
      name: 'Harbour Cafés',
      customerGroupId: 2,
      priceListIds: [list!.id],
      paymentTerms: { netDays: 30, creditLimit: 5000 },
      buyers: [{ customerId: buyerId, role: 'admin' }],
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('Location')).toBe(`${base}/companies/${created.body.id}`);
    expect(created.body).toMatchObject({ name: 'Harbour Cafés', customerGroupId: 2, priceListIds: [list!.id], paymentTerms: { netDays: 30, creditLimit: 5000 }, buyers: [{ customerId: buyerId, role: 'admin' }] });

    const taken = await send('POST', '/companies', { name: 'Other', buyers: [{ customerId: shopperId, role: 'buyer' }, { customerId: buyerId, role: 'buyer' }] });
    expect([taken.status, taken.body.error, fieldsOf(taken.body)]).toEqual([409, 'buyer_taken', ['buyers.1.customerId']]);
    expect(await count('/companies')).toBe(before + 1);

    const path = `/companies/${created.body.id}`;
    const etag = created.headers.get('ETag')!;
    const changed = await send<CompanyView>('PATCH', path, { paymentTerms: null, buyers: [{ customerId: buyerId, role: 'admin' }, { customerId: shopperId, role: 'buyer' }] }, { 'If-Match': etag });
    expect(changed.status).toBe(200);
    // Buyers answer in customer id order.
    expect(changed.body).toMatchObject({ name: 'Harbour Cafés', paymentTerms: null, priceListIds: [list!.id] });
    expect(changed.body.buyers).toEqual(expect.arrayContaining([{ customerId: buyerId, role: 'admin' }, { customerId: shopperId, role: 'buyer' }]));
    expect((await send('PATCH', path, { name: 'Stale' }, { 'If-Match': etag })).status).toBe(412);
    expect((await send('PATCH', path, { buyers: [{ customerId: 999_999, role: 'buyer' }] })).status).toBe(400);
    expect((await send<CompanyView>('GET', path)).body.buyers).toHaveLength(2);
    expect((await send('DELETE', path, undefined, { 'If-Match': etag })).status).toBe(412);
    expect((await send('DELETE', path)).status).toBe(204);
    expect((await send('GET', path)).status).toBe(404);
  });

  it('group assignments: PUT replaces one group\'s lists, GET lists every group\'s', async () => {
    const lists = (await send<{ member: { id: number }[] }>('GET', '/price-lists')).body.member.map((list) => list.id);
    expect((await send('PUT', '/group-assignments', { customerGroupId: 999, priceListIds: [] })).status).toBe(400);
    expect(fieldsOf((await send('PUT', '/group-assignments', { customerGroupId: 0, priceListIds: [] })).body)).toContain('customerGroupId');
    expect(fieldsOf((await send('PUT', '/group-assignments', { customerGroupId: 2, priceListIds: [12_345] })).body)).toContain('priceListIds.0');
    expect((await send('PUT', '/group-assignments', { customerGroupId: 2, priceListIds: lists })).body).toEqual({ customerGroupId: 2, priceListIds: lists });
    expect((await send('PUT', '/group-assignments', { customerGroupId: 3, priceListIds: lists.slice(0, 1) })).status).toBe(200);
    expect((await send('GET', '/group-assignments')).body).toEqual({ member: [{ customerGroupId: 2, priceListIds: lists }, { customerGroupId: 3, priceListIds: lists.slice(0, 1) }] });
    await send('PUT', '/group-assignments', { customerGroupId: 2, priceListIds: [] });
    expect((await send('GET', '/group-assignments')).body).toEqual({ member: [{ customerGroupId: 3, priceListIds: lists.slice(0, 1) }] });
  });
});

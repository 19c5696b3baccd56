import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { payCart, placeOrderBody } from '../../../../test/helpers/checkout.ts';
import { aSimpleProduct, shopper, tradeBuyer } from '../../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type ErrorAnswer, type TestShop } from '../../../../test/helpers/test-shop.ts';
import b2bAccess from '../../b2b-access/index.ts';
import b2bPricing from '../index.ts';

type Headers = Record<string, string>;
interface Record_ {
  id: number;
  sku: string;
  price: number | null;
  finalPrice: number | null;
  extensions: { b2bPricing?: { priceList: string; tierPrices: { minQty: number; price: number }[]; quantityRules: { minQty: number; maxQty: number | null; increment: number } } };
}
interface Cart {
  items: { id: number; sku: string; qty: number; price: number; rowTotal: number }[];
  subtotal: number;
}

const pricing = '/api/rest/v2/admin/b2b-pricing';

/**
 * The caller matrix of DECISIONS.md 60 on the test catalog: the Wholesale buyer of a company with a
 * list (and their group's list), a second company's buyer, a General shopper and a guest.
 */
describe.each(dialects)('B2B Pricing: resolution, records, cart, checkout and the leak matrix (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Headers;
  let buyer: Headers;
  let general: Headers;
  let rival: Headers;
  let colleague: Headers;
  const guest: Headers = {};
  // A: tiers in both lists; B: case rules; C: in no list; D: in a list of the Australian store only.
  let A: Record_, B: Record_, C: Record_, D: Record_;
  let companyList: { id: number; etag: string };

  const admin_ = <T = ErrorAnswer>(method: string, path: string, json?: unknown, headers: Headers = {}) => shop.send<T>(method, `${pricing}${path}`, { json, headers: { ...admin, ...headers } });
  const detail = async (product: Record_, headers: Headers, store = 'default') => (await shop.get(`/api/rest/v2/products/${product.id}`, { ...headers, 'X-Store-Code': store })).body as Record_;
  const listed = async (product: Record_, headers: Headers) => ((await shop.get(`/api/rest/v2/products?sku=${product.sku}`, headers)).body as { member: Record_[] }).member[0]!;
  const searched = async (product: Record_, headers: Headers) => ((await shop.get(`/api/rest/v2/search?q=${product.sku}`, headers)).body as { member: Record_[] }).member.find((r) => r.sku === product.sku)!;
  const cart = async (headers: Headers) => (await shop.send<Cart>('GET', '/api/rest/v2/cart', { headers })).body;
  const add = (headers: Headers, sku: string, qty: number) => shop.send<Cart & ErrorAnswer>('POST', '/api/rest/v2/cart/items', { json: { sku, qty }, headers });
  const setQty = (headers: Headers, id: number, qty: number) => shop.send<Cart & ErrorAnswer>('PATCH', `/api/rest/v2/cart/items/${id}`, { json: { qty }, headers });
  const emptyCart = async (headers: Headers) => {
    for (const item of (await cart(headers)).items) await shop.send('DELETE', `/api/rest/v2/cart/items/${item.id}`, { headers });
  };
  const signUp = async (email: string) => {
    const account = { email, password: 'Rival#2026-pass', firstName: 'Ri', lastName: 'Val' };
    const created = await shop.send<{ id: number }>('POST', '/api/rest/v2/customers', { json: account });
    return { id: created.body.id, headers: await bearerFor(shop, account) };
  };

  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [b2bAccess, b2bPricing] });
    admin = await adminBearer(shop);
    buyer = await bearerFor(shop, tradeBuyer);
    general = await bearerFor(shop, shopper);
    const rivalAccount = await signUp('rival@buyer.example');
    const colleagueAccount = await signUp('colleague@buyer.example');
    rival = rivalAccount.headers;
    colleague = colleagueAccount.headers;
    const products = await Promise.all([0, 1, 2, 3].map((offset) => aSimpleProduct(shop.database.db, offset)));
    const guestViews = await Promise.all(products.map(async (row) => detail({ id: row.id } as Record_, guest)));
    [A, B, C, D] = [0, 1, 2, 3].map((index) => guestViews[index]!) as [Record_, Record_, Record_, Record_];
    // Enough stock for the quantity breaks.
    for (const product of [A, B]) await shop.send('PATCH', `/api/rest/v2/admin/products/${product.id}`, { json: { stockQty: 1000 }, headers: admin });
    await admin_('PUT', '/config', { enabled: true });
    const list = async (json: unknown) => {
      const created = await admin_<{ id: number }>('POST', '/price-lists', json);
      if (created.status !== 201) throw new Error(JSON.stringify(created.body));
      return { id: created.body.id, etag: created.headers.get('ETag')! };
    };
    companyList = await list({
      code: 'harbour',
      name: 'Harbour',
      items: [
        { sku: A.sku, tiers: [{ minQty: 1, price: 10 }, { minQty: 10, price: 8 }, { minQty: 50, price: 6 }] },
        { sku: B.sku, tiers: [{ minQty: 1, price: 3 }], minQty: 2, maxQty: 8, increment: 2 },
      ],
    });
    const groupList = await list({ code: 'wholesale', name: 'Wholesale', items: [{ sku: A.sku, tiers: [{ minQty: 1, price: 12 }, { minQty: 20, price: 7 }] }, { sku: B.sku, tiers: [{ minQty: 1, price: 2.5 }], maxQty: 100 }] });
    const auList = await list({ code: 'harbour-au', name: 'Harbour (AU)', storeCodes: ['au'], items: [{ sku: D.sku, tiers: [{ minQty: 1, price: 1.25 }] }] });
    const rivalList = await list({ code: 'rival', name: 'Rival', items: [{ sku: A.sku, tiers: [{ minQty: 1, price: 1.11 }] }] });
    await admin_('PUT', '/group-assignments', { customerGroupId: 2, priceListIds: [groupList.id] });
    const companies = [
      { name: 'Harbour Cafés', customerGroupId: 2, priceListIds: [companyList.id, auList.id], buyers: [{ customerId: 2, role: 'admin' }, { customerId: colleagueAccount.id, role: 'buyer' }] },
      { name: 'Rival Roasters', priceListIds: [rivalList.id], buyers: [{ customerId: rivalAccount.id, role: 'admin' }] },
    ];
    for (const company of companies) {
      const created = await admin_('POST', '/companies', company);
      if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    }
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('prices a buyer from their company\'s lists, then their group\'s: the lowest break reached, the catalog where no list applies', async () => {
    const a = await detail(A, buyer);
    expect(a.finalPrice).toBe(10);
    expect(a.price).toBe(A.price);
    expect(a.extensions.b2bPricing).toEqual({
      priceList: 'harbour',
      // The group's 20+ break at 7 is lower than the company's 10+ at 8, so it joins the table.
      tierPrices: [{ minQty: 1, price: 10 }, { minQty: 10, price: 8 }, { minQty: 20, price: 7 }, { minQty: 50, price: 6 }],
      quantityRules: { minQty: 1, maxQty: null, increment: 1 },
    });
    // B: the company's rules win over the group's; its price for the smallest allowed quantity is the group's lower one.
    expect((await detail(B, buyer)).extensions.b2bPricing).toEqual({ priceList: 'wholesale', tierPrices: [{ minQty: 2, price: 2.5 }], quantityRules: { minQty: 2, maxQty: 8, increment: 2 } });
    expect((await detail(B, buyer)).finalPrice).toBe(2.5);
    const c = await detail(C, buyer);
    expect([c.finalPrice, c.extensions.b2bPricing]).toEqual([C.finalPrice, undefined]);
    // A colleague in another group gets the company's group (Wholesale) lists too.
    expect((await detail(A, colleague)).extensions.b2bPricing?.tierPrices).toEqual(a.extensions.b2bPricing?.tierPrices);
  });

  it('leaves the table out, not the price or the rules, when the merchant turns tier prices off', async () => {
    expect((await admin_('PUT', '/config', { showTierPrices: false })).status).toBe(200);
    try {
      const a = await detail(A, buyer);
      expect([a.finalPrice, a.extensions.b2bPricing?.tierPrices]).toEqual([10, []]);
      expect((await detail(B, buyer)).extensions.b2bPricing?.quantityRules).toEqual({ minQty: 2, maxQty: 8, increment: 2 });
    } finally {
      await admin_('PUT', '/config', { showTierPrices: true });
    }
  });

  it('applies a store-scoped list only in its store view', async () => {
    const here = await detail(D, buyer);
    expect([here.finalPrice, here.extensions.b2bPricing]).toEqual([D.finalPrice, undefined]);
    const au = await detail(D, buyer, 'au');
    expect([au.finalPrice, au.extensions.b2bPricing?.priceList]).toEqual([1.25, 'harbour-au']);
  });

  it('carries the caller\'s price on listing and search, privately', async () => {
    for (const record of [await listed(A, buyer), await searched(A, buyer)]) {
      expect([record.finalPrice, record.extensions.b2bPricing?.priceList]).toEqual([10, 'harbour']);
    }
    const answer = await shop.get(`/api/rest/v2/products/${A.id}`, buyer);
    expect(answer.headers.get('Cache-Control')).toBe('private, max-age=60');
  });

  it('never shows a company\'s list price to a guest, a General shopper or another company\'s buyer (detail, listing, search, cart)', async () => {
    const guestAnswer = await shop.get(`/api/rest/v2/products/${A.id}`);
    for (const headers of [guest, general, rival]) {
      for (const record of [await detail(A, headers), await listed(A, headers), await searched(A, headers)]) {
        expect(record.extensions.b2bPricing?.priceList ?? null).not.toBe('harbour');
        expect(JSON.stringify(record)).not.toMatch(/"harbour|wholesale"/);
        expect([8, 6, 7]).not.toContain(record.finalPrice);
      }
      await emptyCart(headers);
      const added = await add(headers, A.sku, 10);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.items[0]!.price).not.toBe(8);
      await emptyCart(headers);
    }
    // The guest's bytes are the catalog's: no annotation, public cache.
    expect(guestAnswer.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect((guestAnswer.body as Record_).extensions.b2bPricing).toBeUndefined();
    // The rival's own list applies to them.
    expect((await detail(A, rival)).finalPrice).toBe(1.11);
  });

  it('prices each cart line by its quantity\'s break, at add and at update', async () => {
    await emptyCart(buyer);
    const one = await add(buyer, A.sku, 1);
    expect(one.body.items[0]).toMatchObject({ sku: A.sku, qty: 1, price: 10, rowTotal: 10 });
    const line = one.body.items[0]!.id;
    expect((await setQty(buyer, line, 10)).body.items[0]).toMatchObject({ qty: 10, price: 8, rowTotal: 80 });
    expect((await setQty(buyer, line, 25)).body.items[0]).toMatchObject({ price: 7, rowTotal: 175 });
    expect((await add(buyer, A.sku, 25)).body.items[0]).toMatchObject({ qty: 50, price: 6, rowTotal: 300 });
    await emptyCart(buyer);
  });

  it('refuses quantities outside the rules with 400 quantity_rule naming the rule, at add and at update', async () => {
    await emptyCart(buyer);
    const tooFew = await add(buyer, B.sku, 1);
    expect([tooFew.status, tooFew.body.error, tooFew.body.details]).toEqual([400, 'quantity_rule', { field: 'qty', sku: B.sku, qty: 1, rule: 'min', minQty: 2, maxQty: 8, increment: 2 }]);
    const added = await add(buyer, B.sku, 4);
    expect(added.status).toBe(200);
    const line = added.body.items[0]!.id;
    expect((await setQty(buyer, line, 5)).body.details).toMatchObject({ rule: 'increment' });
    expect((await setQty(buyer, line, 10)).body.details).toMatchObject({ rule: 'max' });
    expect((await add(buyer, B.sku, 6)).body.details).toMatchObject({ rule: 'max', qty: 10 });
    expect((await cart(buyer)).items[0]!.qty).toBe(4);
    // A General shopper has no rules for B.
    await emptyCart(general);
    expect((await add(general, B.sku, 1)).status).toBe(200);
    await emptyCart(general);
    await emptyCart(buyer);
  });

  it('checks the rules again at checkout: a list changed after the add refuses the order', async () => {
    await emptyCart(buyer);
    expect((await add(buyer, A.sku, 3)).status).toBe(200);
    const changed = await admin_('PATCH', `/price-lists/${companyList.id}`, { items: [{ sku: A.sku, tiers: [{ minQty: 1, price: 10 }], increment: 2 }] });
    expect(changed.status).toBe(200);
    const intent = await payCart(shop, buyer);
    const refused = await shop.send('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent, tradeBuyer.email), headers: { ...buyer, 'Idempotency-Key': crypto.randomUUID() } });
    expect([refused.status, refused.body.error, refused.body.details]).toMatchObject([400, 'quantity_rule', { rule: 'increment', sku: A.sku }]);
    const line = (await cart(buyer)).items[0]!;
    await setQty(buyer, line.id, 4);
    const intent2 = await payCart(shop, buyer);
    const placed = await shop.send<{ grandTotal: number; subtotal: number }>('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent2, tradeBuyer.email), headers: { ...buyer, 'Idempotency-Key': crypto.randomUUID() } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.subtotal).toBe(40);
  });

  it('keeps a price B2B Access hides hidden, whatever a list says', async () => {
    const configured = await shop.send('PUT', '/api/rest/v2/admin/b2b-access/config', { json: { enabled: true, mode: 'rules' }, headers: admin });
    expect(configured.status).toBe(200);
    const rule = await shop.send<{ id: number }>('POST', '/api/rest/v2/admin/b2b-access/rules', {
      json: { name: 'B hidden from Wholesale', priority: 1, isActive: true, scope: { customerGroupIds: [2] }, conditions: { type: 'combine', aggregator: 'all', value: true, conditions: [{ type: 'attribute', attribute: 'sku', operator: '==', value: B.sku }] }, actions: { hidePrice: true }, enforcement: 'visibility' },
      headers: admin,
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const b = await detail(B, buyer);
    expect([b.price, b.finalPrice, b.extensions.b2bPricing]).toEqual([null, null, undefined]);
    await shop.send('DELETE', `/api/rest/v2/admin/b2b-access/rules/${rule.body.id}`, { headers: admin });
  });

  it('names the price-list set on /customers/me (the storefront\'s cache key), never one customer: the same set, the same key', async () => {
    const keyOf = async (headers: Headers) => ((await shop.get('/api/rest/v2/customers/me', headers)).body as { viewKey: string | null }).viewKey;
    const [mine, colleagues, rivals, generals] = [await keyOf(buyer), await keyOf(colleague), await keyOf(rival), await keyOf(general)];
    expect(mine).toMatch(/^pl-[0-9a-f]{16}$/);
    expect(colleagues).toBe(mine);
    expect(rivals).toMatch(/^pl-[0-9a-f]{16}$/);
    expect(rivals).not.toBe(mine);
    expect(generals).toBeNull();
  });
});

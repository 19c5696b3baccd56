import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payCart, placeOrderBody } from '../../../../test/helpers/checkout.ts';
import { aConfigurableChoice, tradeBuyer, shopper, usAddress } from '../../../../test/helpers/shop-data.ts';
import { dialects, type ErrorAnswer } from '../../../../test/helpers/test-shop.ts';
import { leaf, openAccessShop, tradeMessage, tree, type AccessShop } from './access-shop.ts';

type Headers = Record<string, string>;
interface Cart {
  items: { id: number; sku: string; qty: number; price: number }[];
}
interface Detail {
  id: number;
  sku: string;
  categoryIds: number[];
  groupedProducts?: { sku: string }[];
  bundleOptions?: { id: number; required: boolean; selections: { id: number; sku: string }[] }[];
}

/** Outdoor (category 12 of the test catalog) plays Trade Supplies. */
const outdoor = 12;

describe.each(dialects)('B2B Access purchase blocking: cart add, quantity, place-order (%s)', (dialect) => {
  let access: AccessShop;
  const add = (json: Record<string, unknown>, headers: Headers) => access.shop.send<Cart & ErrorAnswer>('POST', '/api/rest/v2/cart/items', { json, headers });
  const product = async (sku: string) => ((await access.shop.get(`/api/rest/v2/products?sku=${sku}`, access.wholesale)).body as { member: Detail[] }).member[0]!;
  const detail = async (sku: string) => (await access.shop.get(`/api/rest/v2/products/${(await product(sku)).id}`, access.wholesale)).body as Detail;
  const emptyCart = async (headers: Headers) => {
    const cart = (await access.shop.send<Cart>('GET', '/api/rest/v2/cart', { headers })).body;
    for (const item of cart.items ?? []) await access.shop.send('DELETE', `/api/rest/v2/cart/items/${item.id}`, { headers });
  };

  beforeAll(async () => {
    access = await openAccessShop(dialect, { enabled: true, mode: 'rules' });
    await access.addRule({
      name: 'Trade Supplies',
      priority: 10,
      scope: { customerGroupIds: [0, 1] },
      conditions: tree(leaf('category_ids', '==', outdoor)),
      actions: { hidePrice: true, blockPurchase: true },
      hiddenPriceMessage: tradeMessage,
    });
  });
  afterAll(async () => {
    expect(access.shop.loggedErrors).toEqual([]);
    await access.shop.close();
  });

  it('refuses guests and General with 403 purchase_blocked; Wholesale buys', async () => {
    const listing = (await access.shop.get('/api/rest/v2/products?categoryId=12&itemsPerPage=100', access.wholesale)).body as { member: (Detail & { type: string; qty: number })[] };
    const { sku } = listing.member.find((p) => p.type === 'simple' && p.qty >= 2)!;
    for (const headers of [access.guest, access.general]) {
      const refused = await add({ sku, qty: 1 }, headers);
      expect([refused.status, refused.body.error]).toEqual([403, 'purchase_blocked']);
      expect(refused.body.message).toBe(`${sku} cannot be bought with this account. ${tradeMessage}`);
    }
    const bought = await add({ sku, qty: 2 }, access.wholesale);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.items.find((item) => item.sku === sku)?.qty).toBe(2);
    // A price hidden without "block purchase" is never charged blind: the add is refused, no cart shows the price (DECISIONS.md 61).
    const seeOnly = await access.addRule({ name: 'Kitchen: prices hidden only', priority: 5, scope: { customerGroupIds: [1] }, conditions: tree(leaf('sku', '==', 'HKIT-00039')), actions: { hidePrice: true } });
    const refused = await add({ sku: 'HKIT-00039', qty: 1 }, access.general);
    expect([refused.status, refused.body.error]).toEqual([403, 'purchase_blocked']);
    expect(JSON.stringify(refused.body)).not.toMatch(/"price"/);
    const cart = await access.shop.get('/api/rest/v2/cart', access.general);
    expect((cart.body as { items: { sku: string }[] }).items.map((item) => item.sku)).not.toContain('HKIT-00039');
    await access.deleteRule(seeOnly.id);
    await emptyCart(access.general);
    await emptyCart(access.wholesale);
  });

  it('a line that became blocked: quantity increases refused, decreases allowed, place-order names the line', async () => {
    const added = await add({ sku: 'HBED-00017', qty: 3 }, access.general);
    expect(added.status).toBe(200);
    const line = added.body.items.find((item) => item.sku === 'HBED-00017')!;
    const block = await access.addRule({ name: 'Bedding: no longer sold to General', priority: 1, scope: { customerGroupIds: [1] }, conditions: tree(leaf('sku', '==', 'HBED-00017')), actions: { blockPurchase: true }, enforcement: 'checkout' });
    try {
      const more = await access.shop.send('PATCH', `/api/rest/v2/cart/items/${line.id}`, { json: { qty: 4 }, headers: access.general });
      expect([more.status, more.body.error]).toEqual([403, 'purchase_blocked']);
      const again = await add({ sku: 'HBED-00017', qty: 1 }, access.general);
      expect(again.status).toBe(403);
      const fewer = await access.shop.send<Cart>('PATCH', `/api/rest/v2/cart/items/${line.id}`, { json: { qty: 2 }, headers: access.general });
      expect([fewer.status, fewer.body.items.find((item) => item.id === line.id)?.qty]).toEqual([200, 2]);
      const intent = await payCart(access.shop, access.general);
      const order = await access.shop.send('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent, shopper.email), headers: { ...access.general, 'idempotency-key': 'blocked-line' } });
      expect([order.status, order.body.error]).toEqual([403, 'purchase_blocked']);
      expect(order.body.message).toMatch(/^These items cannot be bought with this account when shipping to US: .+ \(HBED-00017\)\. Remove them from the cart to place the order\.$/);
      expect(order.body.details).toMatchObject({ country: 'US', lines: [{ itemId: line.id, sku: 'HBED-00017' }] });
      const orders = await access.shop.send<{ totalItems: number }>('GET', '/api/rest/v2/customers/me/orders', { headers: access.general });
      expect(orders.body.totalItems).toBe(0);
    } finally {
      await access.deleteRule(block.id);
      await emptyCart(access.general);
    }
  });

  it('a price hidden after the add: the cart, its totals and the order leave the line out; it comes back with access (DECISIONS.md 61)', async () => {
    const hidden = 'HKIT-00039';
    const kept = 'HBED-00017';
    expect((await add({ sku: hidden, qty: 1 }, access.general)).status).toBe(200);
    const before = await add({ sku: kept, qty: 1 }, access.general);
    const keptLine = before.body.items.find((item) => item.sku === kept)!;
    const hiddenLine = before.body.items.find((item) => item.sku === hidden)!;
    const cartOf = async () => (await access.shop.send<Cart & { subtotal: number; itemsQty: number }>('GET', '/api/rest/v2/cart', { headers: access.general })).body;
    const rule = { name: 'Kitchen: price on request', priority: 1, scope: { customerGroupIds: [1] }, conditions: tree(leaf('sku', '==', hidden)), actions: { hidePrice: true }, enforcement: 'visibility' };
    let saved = await access.addRule(rule);
    try {
      const cart = await cartOf();
      expect(cart.items.map((item) => item.sku)).toEqual([kept]);
      expect([cart.subtotal, cart.itemsQty]).toEqual([keptLine.price, 1]);
      expect(JSON.stringify(cart)).not.toContain(hidden);
      // The same for the line's own id: a quantity change is an add of more, refused like the add.
      const more = await access.shop.send('PATCH', `/api/rest/v2/cart/items/${hiddenLine.id}`, { json: { qty: 2 }, headers: access.general });
      expect(more.status).toBe(403);
      expect(JSON.stringify(more.body)).not.toContain(String(hiddenLine.price));

      await access.deleteRule(saved.id);
      expect((await cartOf()).items.map((item) => item.sku).sort()).toEqual([hidden, kept].sort());
      saved = await access.addRule(rule);

      // Checkout totals and the order are the cart the shopper sees: the withheld line is not ordered, nor named.
      const intent = await payCart(access.shop, access.general);
      const order = await access.shop.send<{ subtotal: number }>('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent, shopper.email), headers: { ...access.general, 'idempotency-key': 'withheld-line' } });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      expect(JSON.stringify(order.body)).not.toContain(hidden);
      expect(order.body.subtotal).toBe(keptLine.price);
    } finally {
      await access.deleteRule(saved.id);
      await emptyCart(access.general);
    }
  });

  it('place-order checks again with the shipping country (unknown when the line was added)', async () => {
    const gb = await access.addRule({ name: 'No exports of kitchenware to GB', priority: 2, scope: { countries: ['GB'] }, conditions: tree(leaf('sku', '==', 'HKIT-00031')), actions: { blockPurchase: true }, enforcement: 'checkout' });
    try {
      // The trade buyer has no address yet: the country is unknown, the rule limited to GB does not match.
      expect((await add({ sku: 'HKIT-00031', qty: 1 }, access.wholesale)).status).toBe(200);
      const intent = await payCart(access.shop, access.wholesale);
      const toGb = await access.shop.send('POST', '/api/rest/v2/checkout/place-order', { json: { ...placeOrderBody(intent, tradeBuyer.email), shippingAddress: { ...usAddress, countryId: 'GB' } }, headers: { ...access.wholesale, 'idempotency-key': 'to-gb' } });
      expect([toGb.status, toGb.body.error]).toEqual([403, 'purchase_blocked']);
      expect(toGb.body.message).toContain('when shipping to GB');
      const toUs = await access.shop.send('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent, tradeBuyer.email), headers: { ...access.wholesale, 'idempotency-key': 'to-us' } });
      expect(toUs.status).toBe(201);
    } finally {
      await access.deleteRule(gb.id);
    }
  });

  it('a configurable sells its variant: the variant counts as sitting in the configurable\'s categories', async () => {
    const { parent, variant, options } = await aConfigurableChoice(access.shop.database.db);
    const category = (await detail(parent.sku)).categoryIds.at(-1)!;
    const rule = await access.addRule({ name: 'A category of configurables', priority: 4, scope: { customerGroupIds: [1] }, conditions: tree(leaf('category_ids', '==', category)), actions: { blockPurchase: true } });
    try {
      const refused = await add({ sku: parent.sku, qty: 1, options }, access.general);
      expect([refused.status, refused.body.error, refused.body.details]).toEqual([403, 'purchase_blocked', { sku: variant.sku, productId: variant.id }]);
      expect((await add({ sku: parent.sku, qty: 1, options }, access.wholesale)).status).toBe(200);
    } finally {
      await access.deleteRule(rule.id);
      await emptyCart(access.wholesale);
    }
  });

  it('checks the parts of a bundle and the members of a grouped product', async () => {
    const bundle = await detail('HBED-00022');
    const chosen = (bundle.bundleOptions ?? []).filter((option) => option.required || option === bundle.bundleOptions![0]).map((option) => ({ option, selection: option.selections[0]! }));
    const part = chosen[0]!.selection;
    const rule = await access.addRule({ name: 'A bundle part', priority: 3, scope: { customerGroupIds: [2] }, conditions: tree(leaf('sku', '==', part.sku)), actions: { blockPurchase: true } });
    try {
      const bundleOptions = Object.fromEntries(chosen.map(({ option, selection }) => [String(option.id), [selection.id]]));
      const refused = await add({ sku: bundle.sku, qty: 1, bundleOptions }, access.wholesale);
      expect([refused.status, refused.body.error, refused.body.message]).toEqual([403, 'purchase_blocked', `The bundle ${bundle.sku} includes ${part.sku}, which cannot be bought with this account.`]);
      const grouped = await detail('OSLE-00025');
      const member = grouped.groupedProducts![0]!;
      await access.shop.send('PUT', `/api/rest/v2/admin/b2b-access/rules/${rule.id}`, { json: { name: 'A grouped member', scope: { customerGroupIds: [2] }, conditions: tree(leaf('sku', '==', member.sku)), actions: { blockPurchase: true } }, headers: access.admin });
      const members = await add({ sku: grouped.sku, qty: 1, groupedQuantities: { [member.sku]: 1 } }, access.wholesale);
      expect([members.status, members.body.error]).toEqual([403, 'purchase_blocked']);
      const cart = (await access.shop.send<Cart>('GET', '/api/rest/v2/cart', { headers: access.wholesale })).body;
      expect((cart.items ?? []).map((item) => item.sku)).toEqual([]);
    } finally {
      await access.deleteRule(rule.id);
    }
  });
});

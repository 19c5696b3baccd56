import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryNodeSchema, type CategoryNode } from '../../../../../contracts/category.ts';
import { listOf, pageOf } from '../../../../../contracts/collections.ts';
import { productListingSchema, type ProductDetail, type ProductListing } from '../../../../../contracts/product.ts';
import { exactly } from '../../../../test/helpers/contract.ts';
import { dialects } from '../../../../test/helpers/test-shop.ts';
import { leaf, openAccessShop, tree, type AccessShop } from './access-shop.ts';

type Headers = Record<string, string>;
interface Answer {
  status: number;
  body: unknown;
}

const flatten = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);
/** An error answer with a product's SKU or id replaced, to compare a hidden product's answer with an unknown one's. */
const masked = (answer: Answer, ...names: (string | number)[]) => {
  let text = JSON.stringify(answer.body);
  for (const name of names) text = text.replaceAll(String(name), '<product>');
  return [answer.status, text];
};

/**
 * DECISIONS.md 47 and 61 as an attacker tries them: one decision per record, children judged with
 * their parents (variant by id, hidden members and selections, the hidden-SKU cart probe, the
 * strictest of several parents), and a hidden price that is never charged blind.
 */
describe.each(dialects)('B2B Access: one decision for every record and its children (%s)', (dialect) => {
  let access: AccessShop;
  let all: ProductListing[];
  let leaves: CategoryNode[];
  const get = (path: string, headers: Headers = {}) => access.shop.get(path, headers);
  const detail = async (id: number, headers: Headers = {}) => (await get(`/api/rest/v2/products/${id}`, headers)).body as ProductDetail;
  const add = (json: Record<string, unknown>, headers: Headers = {}) => access.shop.send('POST', '/api/rest/v2/cart/items', { json, headers });
  const ofType = (type: string) => all.filter((product) => product.type === type);
  const withRule = async (rule: Record<string, unknown>, run: () => Promise<void>) => {
    const saved = await access.addRule({ priority: 1, scope: { customerGroupIds: [0] }, enforcement: 'both', ...rule });
    try {
      await run();
    } finally {
      await access.deleteRule(saved.id);
    }
  };

  beforeAll(async () => {
    access = await openAccessShop(dialect, { enabled: true, mode: 'rules' });
    all = [];
    for (let page = 1; ; page++) {
      const { member } = exactly(pageOf(productListingSchema), (await get(`/api/rest/v2/products?itemsPerPage=100&page=${page}`)).body);
      all.push(...member);
      if (member.length < 100) break;
    }
    leaves = flatten(exactly(listOf(categoryNodeSchema), (await get('/api/rest/v2/categories')).body).member).filter((node) => node.children.length === 0);
  });
  afterAll(async () => {
    expect(access.shop.loggedErrors).toEqual([]);
    await access.shop.close();
  });

  it('a variant id answers 404 like an unknown id; a category rule on its parent hides its price and refuses its SKU in the cart', async () => {
    const parent = await detail(ofType('configurable')[0]!.id);
    const variant = parent.variants![0]!;
    const unknown = await get('/api/rest/v2/products/2147483000');
    expect(masked(await get(`/api/rest/v2/products/${variant.id}`), variant.id)).toEqual(masked(unknown, 2147483000));
    expect(unknown.status).toBe(404);

    // Variants have no categories of their own: the parent's decide (DECISIONS.md 47).
    await withRule({ name: 'Parent category: trade prices', conditions: tree(leaf('category_ids', '==', parent.categoryIds[0])), actions: { hidePrice: true } }, async () => {
      const guest = await detail(parent.id);
      expect(guest.variants!.length).toBe(parent.variants!.length);
      expect(guest.variants!.every((v) => v.price === null && v.finalPrice === null && v.specialPrice === null && v.extensions?.b2bAccess?.gateFlags.hidePrice)).toBe(true);
      expect((await get(`/api/rest/v2/products/${variant.id}`)).status).toBe(404);
      const refused = await add({ sku: variant.sku, qty: 1 });
      expect([refused.status, refused.body.error]).toEqual([403, 'purchase_blocked']);
      expect(JSON.stringify(refused.body)).not.toContain(String(variant.price));
      // Wholesale is outside the rule's scope: prices and the add as before.
      expect((await detail(parent.id, access.wholesale)).variants![0]!.price).toBe(variant.price);
    });
  });

  it('a variant hidden from listings is left out of its parent and cannot be chosen', async () => {
    const parent = await detail(ofType('configurable')[0]!.id);
    const [hidden, kept] = parent.variants!;
    await withRule({ name: 'One variant: trade only', conditions: tree(leaf('sku', '==', hidden!.sku)), actions: { hideFromListings: true } }, async () => {
      expect((await detail(parent.id)).variants!.map((v) => v.sku)).toEqual(parent.variants!.filter((v) => v !== hidden).map((v) => v.sku));
      expect((await detail(parent.id, access.wholesale)).variants!.length).toBe(parent.variants!.length);
      const chosen = await add({ sku: parent.sku, qty: 1, options: hidden!.attributes });
      expect([chosen.status, chosen.body.error]).toEqual([422, 'variant_not_available']);
      const bySku = await add({ sku: hidden!.sku, qty: 1 });
      expect(masked(bySku, hidden!.sku)).toEqual(masked(await add({ sku: 'NO-SUCH-SKU-1', qty: 1 }), 'NO-SUCH-SKU-1'));
      expect((await add({ sku: parent.sku, qty: 1, options: kept!.attributes })).status).toBe(200);
    });
  });

  it('a grouped member hidden from the caller is absent from the group, and choosing it answers as an unknown member', async () => {
    const group = await detail(ofType('grouped')[0]!.id);
    const [hidden, kept] = group.groupedProducts!;
    await withRule({ name: 'A member: trade only', conditions: tree(leaf('sku', '==', hidden!.sku)), actions: { hideFromListings: true } }, async () => {
      const guest = await detail(group.id);
      expect(guest.groupedProducts!.map((m) => m.sku)).not.toContain(hidden!.sku);
      expect(JSON.stringify(guest)).not.toContain(hidden!.sku);
      expect((await detail(group.id, access.wholesale)).groupedProducts!.map((m) => m.sku)).toContain(hidden!.sku);
      const probe = await add({ sku: group.sku, qty: 1, groupedQuantities: { [hidden!.sku]: 1 } });
      const unknown = await add({ sku: group.sku, qty: 1, groupedQuantities: { 'NO-SUCH-SKU-2': 1 } });
      expect(masked(probe, hidden!.sku)).toEqual(masked(unknown, 'NO-SUCH-SKU-2'));
      if (kept) expect((await add({ sku: group.sku, qty: 1, groupedQuantities: { [kept.sku]: 1 } })).status).toBe(200);
    });
  });

  it('a bundle selection hidden from the caller is absent from the bundle, and choosing it answers as an unknown selection', async () => {
    const bundle = await detail(ofType('bundle')[0]!.id);
    const option = bundle.bundleOptions!.find((o) => o.selections.length > 0)!;
    const hidden = option.selections[0]!;
    await withRule({ name: 'A selection: trade only', conditions: tree(leaf('sku', '==', hidden.sku)), actions: { hideFromListings: true } }, async () => {
      const guest = await detail(bundle.id);
      expect(guest.bundleOptions!.flatMap((o) => o.selections.map((s) => s.sku))).not.toContain(hidden.sku);
      expect(JSON.stringify(guest)).not.toContain(hidden.sku);
      const probe = await add({ sku: bundle.sku, qty: 1, bundleOptions: { [option.id]: [hidden.id] } });
      const unknown = await add({ sku: bundle.sku, qty: 1, bundleOptions: { [option.id]: [2147483000] } });
      // Selection ids are small numbers that also appear elsewhere in the answer: compare the bodies whole.
      expect([probe.status, probe.body]).toEqual([unknown.status, { ...unknown.body, message: unknown.body.message.replace('2147483000', String(hidden.id)) }]);
    });
  });

  it('the hidden-SKU cart probe: a SKU hidden from the caller answers exactly as an unknown one, blocked or not', async () => {
    const product = ofType('simple').find((p) => p.stockStatus === 'in_stock')!;
    const unknown = await add({ sku: 'NO-SUCH-SKU-3', qty: 1 });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'product_not_found']);
    for (const actions of [{ hideFromListings: true }, { hideFromListings: true, hidePrice: true, blockPurchase: true }]) {
      await withRule({ name: 'Trade-only SKU', conditions: tree(leaf('sku', '==', product.sku)), actions }, async () => {
        const probe = await add({ sku: product.sku, qty: 1 });
        expect(masked(probe, product.sku)).toEqual(masked(unknown, 'NO-SUCH-SKU-3'));
        expect((await get(`/api/rest/v2/products/${product.id}`)).status).toBe(404);
        expect((await add({ sku: product.sku, qty: 1 }, access.wholesale)).status).toBe(200);
      });
    }
  });

  it('hiding the price only blocks the cart add: no cart shows the price (DECISIONS.md 61)', async () => {
    const product = ofType('simple').find((p) => p.stockStatus === 'in_stock' && p.price !== null)!;
    await withRule({ name: 'Price on request', conditions: tree(leaf('sku', '==', product.sku)), actions: { hidePrice: true }, enforcement: 'visibility' }, async () => {
      const listed = (await detail(product.id)).extensions.b2bAccess!.gateFlags;
      expect(listed).toMatchObject({ hidePrice: true, canCheckout: false });
      const refused = await add({ sku: product.sku, qty: 1 });
      expect([refused.status, refused.body.error]).toEqual([403, 'purchase_blocked']);
      expect(JSON.stringify(refused.body)).not.toContain(String(product.price));
    });
  });

  it('a product in several parents takes the strictest: a parent in a gated category hides its price everywhere', async () => {
    const simples = ofType('simple').filter((p) => p.stockStatus === 'in_stock');
    const shared = simples[0]!;
    const other = simples[1]!;
    const gated = leaves.find((node) => !shared.categoryIds.includes(node.id) && !other.categoryIds.includes(node.id))!;
    const open = leaves.find((node) => node !== gated && !shared.categoryIds.includes(node.id) && !other.categoryIds.includes(node.id))!;
    const create = async (sku: string, categoryId: number) => {
      const created = await access.shop.send<{ id: number }>('POST', '/api/rest/v2/admin/products', {
        json: { type: 'grouped', sku, name: `Set ${sku}`, urlKey: sku.toLowerCase(), categoryIds: [categoryId], linkedProducts: [{ id: shared.id }, { id: other.id }] },
        headers: access.admin,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id;
    };
    const tradeSet = await create('TRADE-SET-1', gated.id);
    const giftSet = await create('GIFT-SET-1', open.id);
    await withRule({ name: 'Gated category: trade prices', conditions: tree(leaf('category_ids', '==', gated.id)), actions: { hidePrice: true } }, async () => {
      // Through the open parent, the shared member is judged with the gated parent too.
      const gift = await detail(giftSet);
      expect(gift.groupedProducts!.every((m) => m.price === null && m.extensions?.b2bAccess?.gateFlags.hidePrice)).toBe(true);
      expect(gift.minimalPrice).toBeNull();
      const alone = await detail(shared.id);
      expect([alone.price, alone.finalPrice, alone.extensions.b2bAccess?.gateFlags.hidePrice]).toEqual([null, null, true]);
      const listed = (await get(`/api/rest/v2/products?sku=${shared.sku}`)).body as { member: ProductListing[] };
      expect(listed.member[0]!.price).toBeNull();
      const refused = await add({ sku: shared.sku, qty: 1 });
      expect([refused.status, refused.body.error]).toEqual([403, 'purchase_blocked']);
      // Wholesale is outside the rule: the price shows through every parent.
      expect((await detail(giftSet, access.wholesale)).groupedProducts!.every((m) => m.price !== null)).toBe(true);
    });
    // Without the gated parent the member is open again.
    await access.shop.send('DELETE', `/api/rest/v2/admin/products/${tradeSet}`, { headers: access.admin });
    await withRule({ name: 'Gated category: trade prices', conditions: tree(leaf('category_ids', '==', gated.id)), actions: { hidePrice: true } }, async () => {
      expect((await detail(shared.id)).price).toBe(shared.price);
    });
    await access.shop.send('DELETE', `/api/rest/v2/admin/products/${giftSet}`, { headers: access.admin });
  });
});

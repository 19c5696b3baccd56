import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryNodeSchema, type CategoryNode } from '../../../../../contracts/category.ts';
import { listOf, pageOf } from '../../../../../contracts/collections.ts';
import { productDetailSchema, productListingSchema, type ProductDetail, type ProductListing } from '../../../../../contracts/product.ts';
import { exactly } from '../../../../test/helpers/contract.ts';
import { dialects } from '../../../../test/helpers/test-shop.ts';
import { leaf, openAccessShop, tradeMessage, tree, type AccessShop } from './access-shop.ts';

type Headers = Record<string, string>;

const flattenTree = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((node) => [node, ...flattenTree(node.children)]);

describe.each(dialects)('B2B Access on the catalog API: guest, General, Wholesale, admin (%s)', (dialect) => {
  let access: AccessShop;
  let callers: Record<'guest' | 'general' | 'wholesale' | 'admin', Headers>;
  let all: ProductListing[];
  /** A top-level category whose products (in it or below) have trade prices. */
  let trade: CategoryNode;
  let tradeProduct: ProductListing;
  let openProduct: ProductListing;
  /** Hidden from listings for guests and General ("Wholesale only"); related to `relating`. */
  let wholesaleOnly: ProductListing;
  let relating: ProductListing;

  const get = (path: string, headers: Headers) => access.shop.get(path, headers);
  const listing = async (query: string, headers: Headers) => exactly(pageOf(productListingSchema), (await get(`/api/rest/v2/products${query}`, headers)).body);
  const detail = async (id: number, headers: Headers) => exactly(productDetailSchema, (await get(`/api/rest/v2/products/${id}`, headers)).body);

  beforeAll(async () => {
    access = await openAccessShop(dialect, { enabled: true, mode: 'rules', loginWall: { enabled: true }, hidePrice: { message: 'Sign in to see prices.' } });
    callers = { guest: access.guest, general: access.general, wholesale: access.wholesale, admin: access.admin };
    // Before any rule: the whole catalog, as everyone sees it.
    all = (await listing('?itemsPerPage=100', access.wholesale)).member;
    const nodes = exactly(listOf(categoryNodeSchema), (await get('/api/rest/v2/categories', access.wholesale)).body).member;
    trade = nodes.find((node) => node.children.some((child) => child.productCount > 0))!;
    const below = new Set(flattenTree([trade]).map((node) => node.id));
    const inTrade = (product: ProductListing) => product.categoryIds.some((id) => below.has(id));
    tradeProduct = all.find((product) => inTrade(product) && product.type === 'simple')!;
    const bySku = new Map(all.map((product) => [product.sku, product]));
    relating = all.find((product) => !inTrade(product) && product.relatedSkus.some((sku) => bySku.has(sku) && !inTrade(bySku.get(sku)!)))!;
    wholesaleOnly = bySku.get(relating.relatedSkus.find((sku) => bySku.has(sku) && !inTrade(bySku.get(sku)!))!)!;
    openProduct = all.find((product) => !inTrade(product) && product.id !== wholesaleOnly.id && product.price !== null)!;
    await access.addRule({
      name: 'Trade Supplies: trade prices',
      priority: 10,
      scope: { customerGroupIds: [0, 1] },
      conditions: tree(leaf('category_ids', '==', trade.id)),
      actions: { hidePrice: true, blockPurchase: true },
      hiddenPriceMessage: tradeMessage,
    });
    await access.addRule({ name: 'Wholesale only', priority: 20, scope: { customerGroupIds: [0, 1] }, conditions: tree(leaf('sku', '()', [wholesaleOnly.sku])), actions: { hideFromListings: true }, enforcement: 'visibility' });
  });
  afterAll(async () => {
    expect(access.shop.loggedErrors).toEqual([]);
    await access.shop.close();
  });

  it('listing: trade prices null with the flags for guests and General, shown to Wholesale; every record annotated', async () => {
    for (const [who, headers] of Object.entries(callers)) {
      const page = (await listing('?itemsPerPage=100', headers)).member;
      const gated = who !== 'wholesale';
      const record = page.find((product) => product.id === tradeProduct.id)!;
      expect(record.extensions.b2bAccess, who).toEqual({
        gateFlags: { requiresLogin: who === 'guest' || who === 'admin', hidePrice: gated, canCheckout: !gated, hiddenFromListings: false },
        hiddenPriceMessage: gated ? tradeMessage : 'Sign in to see prices.',
        redirectTo: null,
      });
      const prices = [record.price, record.specialPrice, record.finalPrice, record.minimalPrice];
      if (gated) expect(prices, who).toEqual([null, null, null, null]);
      else expect(record.price, who).toBe(tradeProduct.price);
      expect(page.every((product) => product.extensions.b2bAccess !== undefined), who).toBe(true);
      const open = page.find((product) => product.id === openProduct.id)!;
      expect([open.price, open.extensions.b2bAccess?.gateFlags.hidePrice], who).toEqual([openProduct.price, false]);
    }
  });

  it('listing, detail, search, related products and category counts leave the Wholesale-only product out for guests and General', async () => {
    const fullTree = flattenTree(exactly(listOf(categoryNodeSchema), (await get('/api/rest/v2/categories', access.wholesale)).body).member);
    for (const [who, headers] of Object.entries(callers)) {
      const hidden = who !== 'wholesale';
      const page = await listing('?itemsPerPage=100', headers);
      expect(page.member.some((product) => product.id === wholesaleOnly.id), who).toBe(!hidden);
      expect(page.totalItems, who).toBe(all.length - (hidden ? 1 : 0));
      expect((await listing(`?urlKey=${wholesaleOnly.urlKey}`, headers)).member.length, who).toBe(hidden ? 0 : 1);
      const direct = await access.shop.send('GET', `/api/rest/v2/products/${wholesaleOnly.id}`, { headers });
      expect(direct.status, who).toBe(hidden ? 404 : 200);
      const found = exactly(pageOf(productListingSchema), (await get(`/api/rest/v2/search?q=${encodeURIComponent(wholesaleOnly.name)}&itemsPerPage=100`, headers)).body);
      expect(found.member.some((product) => product.id === wholesaleOnly.id), who).toBe(!hidden);
      expect((await detail(relating.id, headers)).relatedSkus.includes(wholesaleOnly.sku), who).toBe(!hidden);
      const counts = new Map(flattenTree(exactly(listOf(categoryNodeSchema), (await get('/api/rest/v2/categories', headers)).body).member).map((node) => [node.id, node.productCount]));
      for (const id of wholesaleOnly.categoryIds.filter((categoryId) => counts.has(categoryId))) {
        expect(counts.get(id), `${who} category ${id}`).toBe(fullTree.find((node) => node.id === id)!.productCount - (hidden ? 1 : 0));
      }
    }
  });

  it('detail and search carry the same flags and withhold the same prices', async () => {
    for (const [who, headers] of Object.entries(callers)) {
      const gated = who !== 'wholesale';
      const record = await detail(tradeProduct.id, headers);
      expect([record.price, record.finalPrice, record.extensions.b2bAccess?.gateFlags.hidePrice], who).toEqual(gated ? [null, null, true] : [tradeProduct.price, tradeProduct.finalPrice, false]);
      const found = exactly(pageOf(productListingSchema), (await get(`/api/rest/v2/search?q=${encodeURIComponent(tradeProduct.sku)}&itemsPerPage=100`, headers)).body);
      const hit = found.member.find((product) => product.id === tradeProduct.id)!;
      expect([hit.price, hit.extensions.b2bAccess?.gateFlags.canCheckout], who).toEqual(gated ? [null, false] : [tradeProduct.price, true]);
    }
  });

  it('Vary: Authorization on every catalog answer; private for signed-in callers, public for guests', async () => {
    const paths = ['/api/rest/v2/products?itemsPerPage=5', `/api/rest/v2/products/${tradeProduct.id}`, `/api/rest/v2/search?q=${encodeURIComponent(tradeProduct.sku)}`, '/api/rest/v2/categories'];
    for (const path of paths) {
      for (const [who, headers] of Object.entries(callers)) {
        const answer = await get(path, headers);
        const signedIn = who === 'general' || who === 'wholesale' || who === 'admin';
        expect([answer.status, answer.headers.get('vary'), answer.headers.get('cache-control')], `${who} ${path}`).toEqual([200, 'Authorization', signedIn ? 'private, max-age=60' : 'public, max-age=60']);
      }
    }
  });

  it('withholds every price of every child for the caller: variants, bundle selections, grouped members, links, gift card amounts', async () => {
    const rule = await access.addRule({ name: 'AU General: no prices', priority: 5, scope: { customerGroupIds: [1], storeCodes: ['au'] }, actions: { hidePrice: true } });
    try {
      for (const type of ['configurable', 'bundle', 'grouped', 'downloadable', 'giftcard']) {
        const sample = all.find((product) => product.type === type);
        expect(sample, type).toBeDefined();
        const hidden: ProductDetail = exactly(productDetailSchema, (await get(`/api/rest/v2/products/${sample!.id}?store=au`, access.general)).body);
        const shown: ProductDetail = exactly(productDetailSchema, (await get(`/api/rest/v2/products/${sample!.id}?store=au`, access.wholesale)).body);
        expect([hidden.price, hidden.specialPrice, hidden.finalPrice, hidden.minimalPrice], type).toEqual([null, null, null, null]);
        const children = [...(hidden.variants ?? []), ...(hidden.groupedProducts ?? []), ...(hidden.bundleOptions ?? []).flatMap((option) => option.selections)];
        for (const child of children) {
          expect(child.extensions?.b2bAccess?.gateFlags.hidePrice, `${type} ${child.sku}`).toBe(true);
          expect(Object.entries(child).filter(([key, value]) => /price/i.test(key) && value !== null), `${type} ${child.sku}`).toEqual([]);
        }
        expect((hidden.downloadableLinks ?? []).map((link) => link.price).filter((price) => price !== null), type).toEqual([]);
        if (type === 'giftcard') expect([hidden.giftcardAmounts, shown.giftcardAmounts?.length ? 'some' : 'none'], type).toEqual([null, 'some']);
        // Not a vacuous check: the same record has its prices for Wholesale.
        expect(shown.price, type).not.toBeNull();
        const shownChildren = [...(shown.variants ?? []), ...(shown.groupedProducts ?? []), ...(shown.bundleOptions ?? []).flatMap((option) => option.selections)];
        expect(shownChildren.length, type).toBe(children.length);
        expect(shownChildren.every((child) => child.price !== null), type).toBe(true);
      }
      // The default store view is not in the rule's scope.
      expect((await detail(openProduct.id, access.general)).price).toBe(openProduct.price);
    } finally {
      await access.deleteRule(rule.id);
    }
  });

  it('a rule change shows on the next request (the rules version moves)', async () => {
    const rule = await access.addRule({ name: 'Hide the open product', priority: 1, conditions: tree(leaf('sku', '==', openProduct.sku)), actions: { hidePrice: true } });
    expect((await detail(openProduct.id, access.wholesale)).price).toBeNull();
    await access.shop.send('POST', `/api/rest/v2/admin/b2b-access/rules/${rule.id}/deactivate`, { headers: access.admin });
    expect((await detail(openProduct.id, access.wholesale)).price).toBe(openProduct.price);
    await access.deleteRule(rule.id);
  });

  it('switched off, the module gates nothing and adds no block', async () => {
    await access.configure({ enabled: false });
    try {
      const page = (await listing('?itemsPerPage=100', access.guest)).member;
      expect(page.find((product) => product.id === tradeProduct.id)?.price).toBe(tradeProduct.price);
      expect(page.some((product) => product.id === wholesaleOnly.id)).toBe(true);
      expect(page.every((product) => product.extensions.b2bAccess === undefined)).toBe(true);
    } finally {
      await access.configure({ enabled: true });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryNodeSchema, type CategoryNode } from '../../../../contracts/category.ts';
import { listOf, pageOf } from '../../../../contracts/collections.ts';
import { productDetailSchema, productListingSchema, type ProductListing } from '../../../../contracts/product.ts';
import { guest } from '../../platform/auth/caller.ts';
import { collectHiddenProducts, visibleProducts } from './visibility.ts';
import { defineModule } from '../../platform/modules/define-module.ts';
import { HookRegistry, type HookMap } from '../../platform/modules/hooks.ts';
import { exactly } from '../../../test/helpers/contract.ts';
import { shopper, tradeBuyer, usAddress } from '../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

/** What the test module was asked, one entry per run of the hook. */
const runs: Pick<HookMap['catalog.visibility'], 'caller' | 'country' | 'storeId'>[] = [];

/** Set once the catalog is open: the product the test module hides. */
const target = { id: 0 };

/** A stand-in for a B2B rule: the product is hidden from guests and from customers shipping to GB. */
const gbRule = defineModule({
  id: 'gb-rule',
  title: 'GB rule',
  hooks: [
    {
      hook: 'catalog.visibility',
      handle({ caller, country, storeId, hide }) {
        runs.push({ caller, country, storeId });
        if (caller.kind === 'guest' || country === 'GB') hide([target.id]);
      },
    },
  ],
});

type Headers = Record<string, string>;

describe.each(dialects)('catalog.visibility hides products per caller (%s)', (dialect) => {
  let shop: TestShop;
  let asGuest: Headers;
  let asBuyer: Headers;
  let asShopper: Headers;
  /** Relates to the target (so the target is among its related products). */
  let relating: ProductListing;
  let hidden: ProductListing;

  const listing = async (query: string, headers: Headers) => exactly(pageOf(productListingSchema), (await shop.get(`/api/rest/v2/products${query}`, headers)).body);
  const search = async (q: string, headers: Headers) => exactly(pageOf(productListingSchema), (await shop.get(`/api/rest/v2/search?q=${encodeURIComponent(q)}&itemsPerPage=100`, headers)).body);
  const tree = async (headers: Headers) => exactly(listOf(categoryNodeSchema), (await shop.get('/api/rest/v2/categories', headers)).body).member;
  /** How often the hook ran for one request. */
  const runsOf = async (request: () => Promise<unknown>) => {
    const before = runs.length;
    await request();
    return runs.length - before;
  };

  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [gbRule] });
    asGuest = {};
    asBuyer = await bearerFor(shop, tradeBuyer);
    asShopper = await bearerFor(shop, shopper);
    // Nothing is hidden from the trade buyer (no address, so no country): the whole catalog.
    const all = await listing('?itemsPerPage=100', asBuyer);
    const bySku = new Map(all.member.map((product) => [product.sku, product]));
    relating = all.member.find((product) => product.relatedSkus.some((sku) => bySku.has(sku)))!;
    hidden = bySku.get(relating.relatedSkus.find((sku) => bySku.has(sku))!)!;
    target.id = hidden.id;
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('passes the caller, the store and the default shipping country', async () => {
    runs.length = 0;
    await shop.get('/api/rest/v2/products?itemsPerPage=1', asShopper);
    expect(runs).toMatchObject([{ caller: { kind: 'customer', email: shopper.email }, country: null, storeId: 1 }]);
    const address = await shop.send('POST', '/api/rest/v2/customers/me/addresses', { json: { ...usAddress, countryId: 'GB', isDefaultShipping: true }, headers: asShopper });
    expect(address.status).toBe(201);
    await shop.get('/api/rest/v2/products?itemsPerPage=1&store=au', asShopper);
    await shop.get('/api/rest/v2/products?itemsPerPage=1');
    expect(runs.slice(1)).toMatchObject([
      { caller: { kind: 'customer' }, country: 'GB', storeId: 2 },
      { caller: { kind: 'guest' }, country: null },
    ]);
  });

  it('leaves the product out of listings, with totals that agree, for the callers it is hidden from', async () => {
    const full = await listing('?itemsPerPage=100', asBuyer);
    expect(full.member.map((p) => p.id)).toContain(hidden.id);
    for (const headers of [asGuest, asShopper]) {
      const seen = await listing('?itemsPerPage=100', headers);
      expect(seen.member.map((p) => p.id)).not.toContain(hidden.id);
      expect(seen.totalItems).toBe(full.totalItems - 1);
      // Paged, the pages still add up to the total.
      const pages = Array.from({ length: Math.ceil(seen.totalItems / 7) }, (_, index) => index + 1);
      const paged = await Promise.all(pages.map((page) => listing(`?itemsPerPage=7&page=${page}`, headers)));
      expect(paged.every((page) => page.totalItems === seen.totalItems)).toBe(true);
      expect(paged.flatMap((page) => page.member.map((p) => p.id))).toEqual(seen.member.map((p) => p.id));
      expect((await listing(`?urlKey=${hidden.urlKey}`, headers)).member).toEqual([]);
    }
    expect((await listing(`?urlKey=${hidden.urlKey}`, asBuyer)).member.map((p) => p.id)).toEqual([hidden.id]);
  });

  it('answers 404 for its detail and leaves it out of related products', async () => {
    for (const headers of [asGuest, asShopper]) {
      const detail = await shop.send('GET', `/api/rest/v2/products/${hidden.id}`, { headers });
      expect([detail.status, detail.body.error]).toEqual([404, 'product_not_found']);
      const other = exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${relating.id}`, headers)).body);
      expect(other.relatedSkus).not.toContain(hidden.sku);
      const listed = (await listing(`?sku=${encodeURIComponent(relating.sku)}`, headers)).member[0];
      expect(listed?.relatedSkus).not.toContain(hidden.sku);
    }
    expect((await shop.get(`/api/rest/v2/products/${hidden.id}`, asBuyer)).status).toBe(200);
    const forBuyer = exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${relating.id}`, asBuyer)).body);
    expect(forBuyer.relatedSkus).toContain(hidden.sku);
  });

  it('leaves it out of search results and their totals', async () => {
    const full = await search(hidden.sku, asBuyer);
    expect(full.member.map((p) => p.id)).toContain(hidden.id);
    for (const headers of [asGuest, asShopper]) {
      const seen = await search(hidden.sku, headers);
      expect(seen.member.map((p) => p.id)).not.toContain(hidden.id);
      expect(seen.totalItems).toBe(full.totalItems - 1);
    }
  });

  it('counts it in no category for the callers it is hidden from', async () => {
    const counts = (nodes: CategoryNode[]): Map<number, number> =>
      new Map(nodes.flatMap((node) => [[node.id, node.productCount] as const, ...counts(node.children)]));
    const full = counts(await tree(asBuyer));
    const direct = hidden.categoryIds.filter((id) => full.has(id));
    expect(direct.length).toBeGreaterThan(0);
    for (const headers of [asGuest, asShopper]) {
      const seen = counts(await tree(headers));
      for (const id of direct) expect(seen.get(id), `category ${id}`).toBe(full.get(id)! - 1);
      for (const [id, count] of seen) expect(full.get(id)! - count, `category ${id}`).toBeOneOf([0, 1]);
    }
    // The counts vary per caller now: customers' copies are private, every copy varies on Authorization.
    const { headers } = await shop.get('/api/rest/v2/categories', asBuyer);
    expect([headers.get('cache-control'), headers.get('vary')]).toEqual(['private, max-age=60', 'Authorization']);
  });

  it('runs the hook once per request that reads products, and not for other requests', async () => {
    expect(await runsOf(() => shop.get('/api/rest/v2/products?itemsPerPage=5', asShopper))).toBe(1);
    expect(await runsOf(() => shop.get(`/api/rest/v2/products/${relating.id}`, asShopper))).toBe(1);
    expect(await runsOf(() => shop.get(`/api/rest/v2/search?q=${encodeURIComponent(hidden.sku)}`))).toBe(1);
    expect(await runsOf(() => shop.get('/api/rest/v2/categories'))).toBe(1);
    expect(await runsOf(() => shop.get('/api/rest/v2/cms-pages'))).toBe(0);
    expect(await runsOf(() => shop.get('/api/rest/v2/store-config'))).toBe(0);
  });
});

describe('catalog.visibility without a handler', () => {
  it('hides nothing and adds no condition', async () => {
    const hidden = await collectHiddenProducts({ hooks: new HookRegistry(), caller: guest, storeId: 1, country: null });
    expect(hidden.size).toBe(0);
    expect(visibleProducts(hidden)).toBeUndefined();
    expect(visibleProducts(undefined)).toBeUndefined();
  });

  it('leaves the category tree public when no module hides anything', async () => {
    const shop = await openTestShop('pglite');
    try {
      const { headers } = await shop.get('/api/rest/v2/categories', await bearerFor(shop, shopper));
      expect([headers.get('cache-control'), headers.get('vary')]).toEqual(['public, max-age=60', null]);
    } finally {
      await shop.close();
    }
  });
});

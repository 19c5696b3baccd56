import { describe, expect, it } from 'vitest';
import { gated } from '../agents/test-support.ts';
import type { CategoryNode, CmsPage, ListingPage, Product, ProductCard, StoreConfig } from '../content/schemas.ts';
import {
  interleave,
  loadCatchAllRoute,
  loadHome,
  loadHomeRoute,
  loadNotFoundPage,
  loadShell,
  routeStatus,
} from './page-data.ts';
import { loadListing } from './listing-data.ts';

const config: StoreConfig = {
  storeCode: 'default',
  storeName: 'Demo',
  description: 'A demo shop',
  baseCurrencyCode: 'USD',
  locale: 'en_US',
  timezone: 'UTC',
  defaultCountry: 'US',
  allowedCountries: ['US'],
  logoUrl: null,
  accentColor: '#2563eb',
  contactEmail: 'shop@example.com',
  productsPerPage: 24,
  shipping: { freeShippingThreshold: 75, currency: 'USD' },
  extensions: {},
};
const root = (id: number, includeInMenu = true): CategoryNode => ({
  id, parentId: null, name: `C${id}`, description: '', urlKey: `c${id}`, urlPath: `c${id}`, level: 1, position: id,
  isActive: true, includeInMenu, productCount: 1, imageUrl: null, children: [], updatedAt: '',
});
const card = (id: number): ProductCard => ({
  id, sku: `S${id}`, type: 'simple', name: `P${id}`, urlKey: `p${id}`, price: 1, specialPrice: null, finalPrice: 1,
  minimalPrice: 1, stockStatus: 'in_stock', imageUrl: '', position: id,
});
const cms = (identifier: string, isActive = true): CmsPage => ({
  id: 1, identifier, title: `T ${identifier}`, contentHeading: '', content: '', metaTitle: '', metaDescription: '', isActive, updatedAt: '',
});
const listing = (categoryId: number, products: ProductCard[]): ListingPage => ({
  categoryId, page: 1, pageSize: 24, totalItems: products.length, totalPages: 1, products,
});

function store(options: { config?: StoreConfig | null; pages?: CmsPage[]; listings?: ListingPage[] }) {
  return {
    config: async () => (options.config === undefined ? config : options.config),
    categories: async () => [root(1), root(2), root(3, false)],
    cmsPage: async (identifier: string) => options.pages?.find((page) => page.identifier === identifier) ?? null,
    listingPage: async (id: number, page: number) =>
      options.listings?.find((entry) => entry.categoryId === id && entry.page === page) ?? null,
    facetIndex: async () => null,
  };
}

describe('loadShell', () => {
  it('is null before the first sync', async () => {
    expect(await loadShell(store({ config: null }))).toBeNull();
  });
  it('builds menu, footer links and formatting', async () => {
    const shell = await loadShell(store({ pages: [cms('privacy-policy'), cms('about-us'), cms('customer-service', false)] }));
    expect(shell?.menu.map((item) => item.id)).toEqual([1, 2]);
    expect(shell?.footerLinks).toEqual([
      { title: 'T about-us', href: '/about-us' },
      { title: 'T privacy-policy', href: '/privacy-policy' },
    ]);
    expect(shell?.lang).toBe('en-US');
    expect(shell?.formatPrice(3)).toBe('$3.00');
  });
});

describe('loadHome', () => {
  it('features products across top categories and includes the home CMS page', async () => {
    const content = store({ pages: [cms('home')], listings: [listing(1, [card(1), card(2), card(3)]), listing(2, [card(2), card(4)])] });
    const shell = await loadShell(content);
    const home = await loadHome(content, shell!);
    expect(home.categories.map((c) => c.id)).toEqual([1, 2]);
    expect(home.featured.map((c) => c.id)).toEqual([1, 2, 4, 3]);
    expect(home.content?.identifier).toBe('home');
  });
});

describe('interleave', () => {
  it('stops at the limit', () => {
    expect(interleave([[card(1), card(2)], [card(3)]], 2).map((c) => c.id)).toEqual([1, 3]);
    expect(interleave([], 4)).toEqual([]);
  });
});

describe('loadListing', () => {
  it('returns the stored page, an empty first page, or null past the end', async () => {
    const content = store({ listings: [listing(1, [card(1)])] });
    expect((await loadListing(content, 1, 1))?.products).toHaveLength(1);
    expect(await loadListing(content, 5, 1)).toMatchObject({ categoryId: 5, totalItems: 0, products: [] });
    expect(await loadListing(content, 1, 2)).toBeNull();
  });
});

describe('loadNotFoundPage', () => {
  it('reads the no-route page', async () => {
    expect((await loadNotFoundPage(store({ pages: [cms('no-route')] })))?.identifier).toBe('no-route');
    expect(await loadNotFoundPage(store({}))).toBeNull();
  });
});

describe('loadCatchAllRoute / loadHomeRoute / routeStatus', () => {
  const product = { id: 9, urlKey: 'p9', categoryIds: [2] } as unknown as Product;
  const full = (options: Parameters<typeof store>[0]) => ({
    ...store(options),
    store: 'default',
    product: async (urlKey: string) => (urlKey === 'p9' ? product : null),
    blogPost: async () => null,
    countries: async () => [],
    movedTo: async (path: string) => (path === '/old-c1' ? '/c1' : null),
  });
  const route = (path: string, options: Parameters<typeof store>[0] = {}) =>
    loadCatchAllRoute(full(options), new URL(`http://shop.test${path}`));

  it('is not-synced (503) without a store config', async () => {
    const result = await route('/c1', { config: null });
    expect(result.kind).toBe('not-synced');
    expect(routeStatus(result)).toBe(503);
    expect((await loadHomeRoute(full({ config: null }))).kind).toBe('not-synced');
  });
  it('renders a category page, and 404s an invalid or missing page number', async () => {
    const listings = [listing(1, [card(1)])];
    const category = await route('/c1', { listings });
    expect(category).toMatchObject({ kind: 'category', category: { id: 1 }, listing: { page: 1 } });
    expect(routeStatus(category)).toBe(200);
    expect((await route('/c1?page=2', { listings })).kind).toBe('not-found');
  });
  it('redirects (301) invalid page and sort values and path variants to the canonical URL', async () => {
    const listings = [listing(1, [card(1)])];
    const redirect = await route('/c1?page=abc', { listings });
    expect(redirect).toEqual({ kind: 'redirect', location: '/c1' });
    expect(routeStatus(redirect)).toBe(301);
    expect(await route('/c1?sort=rank&page=0', { listings })).toEqual({ kind: 'redirect', location: '/c1' });
    expect(await route('/C1/?sort=name', { listings })).toEqual({ kind: 'redirect', location: '/c1?sort=name' });
    expect(await route('/P9/')).toEqual({ kind: 'redirect', location: '/p9' });
    expect(await route('/FAQ', { pages: [cms('faq')] })).toEqual({ kind: 'redirect', location: '/faq' });
  });
  it('finds products with their category trail, CMS pages, and 404s the rest with no-route content', async () => {
    expect(await route('/p9')).toMatchObject({ kind: 'product', trail: [{ id: 2 }] });
    expect(await route('/faq', { pages: [cms('faq')] })).toMatchObject({ kind: 'cms', page: { identifier: 'faq' } });
    const missing = await route('/nothing', { pages: [cms('no-route')] });
    expect(missing).toMatchObject({ kind: 'not-found', page: { identifier: 'no-route' } });
    expect(routeStatus(missing)).toBe(404);
  });

  it('sends an old path of a moved category or product to its new one (301), keeping the query', async () => {
    const moved = await route('/old-c1?page=2');
    expect(moved).toEqual({ kind: 'redirect', location: '/c1?page=2' });
    expect(routeStatus(moved)).toBe(301);
  });

  it('falls back to the default order (200, no redirect) when a price sort meets hidden prices (DECISIONS.md 30)', async () => {
    const hidden: ProductCard = { ...card(3), price: null, finalPrice: null, minimalPrice: null, extensions: gated('Trade only') };
    const cheap = { ...card(2), price: 0.5, finalPrice: 0.5, minimalPrice: 0.5 };
    const gatedListing = [listing(1, [card(1), cheap, hidden])];
    expect(await route('/c1?sort=price-asc', { listings: gatedListing })).toMatchObject({
      kind: 'category',
      sort: 'position',
      listing: { products: [{ id: 1 }, { id: 2 }, { id: 3 }] },
    });
    expect(await route('/c1?sort=name', { listings: gatedListing })).toMatchObject({ kind: 'category', sort: 'name' });
    const open = [listing(1, [card(1), cheap])];
    expect(await route('/c1?sort=price-asc', { listings: open })).toMatchObject({ sort: 'price-asc', listing: { products: [{ id: 2 }, { id: 1 }] } });
  });

  it('sends a guest from a gated product page to sign in (302), or to the rule’s CMS page', async () => {
    const gatedProduct = (flags: Parameters<typeof gated>[1], redirectTo: string | null = null) => {
      const { b2bAccess } = gated('Trade only', flags);
      return { ...full({}), product: async () => ({ ...product, extensions: { b2bAccess: { ...b2bAccess, redirectTo } } }) };
    };
    const url = new URL('http://shop.test/p9');
    const login = await loadCatchAllRoute(gatedProduct({ requiresLogin: true }), url);
    expect(login).toEqual({ kind: 'gate', location: '/login?returnTo=%2Fp9' });
    expect(routeStatus(login)).toBe(302);
    expect(await loadCatchAllRoute(gatedProduct({}, '/trade-info'), url)).toEqual({ kind: 'gate', location: '/trade-info' });
    expect(await loadCatchAllRoute(gatedProduct({}), url)).toMatchObject({ kind: 'product' });
  });

  it('completes a listing stub through completeStub, and marks it incomplete when that fails', async () => {
    const stub = { id: 9, urlKey: 'p9', type: 'configurable', categoryIds: [2] } as unknown as Product;
    const fullRecord = { ...stub, configurableOptions: [{ attributeCode: 'size', label: 'Size', values: [] }] };
    const content = { ...full({}), product: async () => stub };
    const url = new URL('http://shop.test/p9');
    const completed = await loadCatchAllRoute(content, url, { completeStub: async () => fullRecord });
    expect(completed).toMatchObject({ kind: 'product', product: fullRecord, incomplete: false });
    const failed = await loadCatchAllRoute(content, url, { completeStub: async () => null });
    expect(failed).toMatchObject({ kind: 'product', product: stub, incomplete: true });
    let asked = false;
    await loadCatchAllRoute(full({}), url, { completeStub: async () => ((asked = true), null) });
    expect(asked).toBe(false);
  });
});

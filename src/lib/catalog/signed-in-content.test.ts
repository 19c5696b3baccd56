import { describe, expect, it } from 'vitest';
import { BackendError } from '../backend-client.ts';
import type { ContentStore } from '../content/content-store.ts';
import type { CategoryNode, ListingPage, Product } from '../content/schemas.ts';
import { signedInContent, type SignedInSource } from './signed-in-content.ts';

const node = (id: number, children: CategoryNode[] = []) =>
  ({ id, name: `C${id}`, urlPath: `c${id}`, isActive: true, children }) as unknown as CategoryNode;
const tree = [node(1, [node(2), node(3)]), node(4)];
const product = (id: number, categoryIds: number[], price: number | null = 10) =>
  ({ id, sku: `S${id}`, type: 'simple', name: `P${id}`, urlKey: `p${id}`, price, specialPrice: null, finalPrice: price, minimalPrice: price, stockStatus: 'in_stock', imageUrl: '', position: id, categoryIds, attributes: {}, extensions: {} }) as unknown as Product;
const guestListing: ListingPage = { categoryId: 1, page: 1, pageSize: 24, totalItems: 0, totalPages: 1, products: [] };

const guest: ContentStore = {
  store: 'default',
  config: async () => null,
  categories: async () => tree,
  product: async (urlKey) => (urlKey === 'p1' ? product(1, [2], null) : null),
  listingPage: async (categoryId, page) => (categoryId === 1 && page === 1 ? guestListing : null),
  facetIndex: async () => null,
  cmsPage: async () => null,
  blogPost: async () => null,
  countries: async () => [],
  movedTo: async () => null,
};

/** The backend as the customer sees it: category → products assigned to it directly. */
function backend(assigned: Record<number, Product[]>, fail?: Error): SignedInSource & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    store: 'default',
    token: 'jwt',
    client: {
      async categoryProducts(store, categoryId, token) {
        calls.push(`category ${categoryId} ${store} ${token}`);
        if (fail) throw fail;
        return assigned[categoryId] ?? [];
      },
      async productByUrlKey(store, urlKey, token) {
        calls.push(`product ${urlKey} ${store} ${token}`);
        if (fail) throw fail;
        return Object.values(assigned).flat().find((candidate) => candidate.urlKey === urlKey) ?? null;
      },
    },
  };
}

describe('signedInContent', () => {
  it('lists a category with its subcategories\' products as the customer sees them, each once, by position', async () => {
    const shared = product(5, [2, 3]);
    const source = backend({ 1: [product(9, [1])], 2: [shared, product(7, [2])], 3: [shared] });
    const { content, degraded } = signedInContent(guest, source);
    const page = await content.listingPage(1, 1);
    expect(page?.products.map((card) => card.id)).toEqual([5, 7, 9]);
    expect(page?.totalItems).toBe(3);
    expect(await content.listingPage(1, 2)).toBeNull();
    expect(await content.listingPage(99, 1)).toBeNull();
    expect(source.calls.sort()).toEqual(['category 1 default jwt', 'category 2 default jwt', 'category 3 default jwt']);
    expect(degraded()).toBe(false);
  });

  it('pages a long listing as the sync does, asking the backend once for all its pages', async () => {
    const many = Array.from({ length: 30 }, (_, index) => product(index + 1, [4]));
    const source = backend({ 4: many });
    const { content } = signedInContent(guest, source);
    const [first, second] = await Promise.all([content.listingPage(4, 1), content.listingPage(4, 2)]);
    expect([first?.products.length, second?.products.length, second?.totalPages]).toEqual([24, 6, 2]);
    expect(source.calls).toEqual(['category 4 default jwt']);
  });

  it('reads products from the backend, including those absent from the guest view', async () => {
    const { content } = signedInContent(guest, backend({ 4: [product(8, [4], 42)] }));
    expect((await content.product('p8'))?.finalPrice).toBe(42);
    expect(await content.product('p1')).toBeNull();
  });

  it('falls back to the guest view when the backend fails, and says so', async () => {
    const { content, degraded } = signedInContent(guest, backend({}, new BackendError('/products', 'down')));
    expect((await content.product('p1'))?.finalPrice).toBeNull();
    expect(await content.listingPage(1, 1)).toBe(guestListing);
    expect(degraded()).toBe(true);
  });

  it('lets other errors through', async () => {
    const { content } = signedInContent(guest, backend({}, new TypeError('bug')));
    await expect(content.product('p1')).rejects.toThrow('bug');
  });
});

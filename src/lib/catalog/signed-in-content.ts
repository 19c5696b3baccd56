/**
 * The content a signed-in customer's catalog pages render from (DECISIONS.md 31). KV holds the
 * guest view only, so products and listings come from the backend with the customer's token: their
 * prices, their gate flags, and products hidden from guests but visible to their group. The rest of
 * the page (store config, menu, CMS pages, countries) is the same for everyone and stays on KV.
 * Nothing read here is ever written back to KV. When the backend fails, the page falls back to the
 * guest view (which never shows more than a guest may see) and says so through `degraded`, so the
 * page is not kept as the group's copy.
 */
import { BackendError, type BackendClient } from '../backend-client.ts';
import type { ContentStore } from '../content/content-store.ts';
import type { CategoryNode, FacetIndex, ListingPage, Product } from '../content/schemas.ts';
import { categoryTrailById } from './category-tree.ts';
import { buildFacetIndex } from './facet-index.ts';
import { buildListingPages, CATEGORY_PAGE_SIZE, categoryMembers } from './listing.ts';

export interface SignedInSource {
  client: Pick<BackendClient, 'productByUrlKey' | 'categoryProducts'>;
  store: string;
  /** The customer's access token, from the session cookie. */
  token: string;
}

interface CategoryView {
  pages: ListingPage[];
  facets: FacetIndex;
}

export interface SignedInContent {
  content: ContentStore;
  /** Whether some of the page had to come from the guest view because the backend failed. */
  degraded: () => boolean;
}

/** Every product of a category's subtree as the customer sees it, each once. */
async function subtreeProducts(source: SignedInSource, category: CategoryNode): Promise<Product[]> {
  const ids: number[] = [];
  const visit = (node: CategoryNode) => {
    ids.push(node.id);
    node.children.forEach(visit);
  };
  visit(category);
  const lists = await Promise.all(ids.map((id) => source.client.categoryProducts(source.store, id, source.token)));
  const byId = new Map<number, Product>();
  for (const product of lists.flat()) byId.set(product.id, product);
  return [...byId.values()];
}

/**
 * A content store whose products and listing pages are the customer's view. A category's listing
 * is read from the backend once per request however many of its pages the render asks for
 * (sorting reads them all), and paged the way the sync pages the guest view.
 */
export function signedInContent(guest: ContentStore, source: SignedInSource): SignedInContent {
  const listings = new Map<number, Promise<CategoryView>>();
  let degraded = false;

  /** The customer's answer, or the guest's when the backend cannot give it. */
  async function orGuest<T>(what: string, customer: () => Promise<T>, guestAnswer: () => Promise<T>): Promise<T> {
    try {
      return await customer();
    } catch (error) {
      if (!(error instanceof BackendError)) throw error;
      console.error(`signed-in page: ${what} from the backend failed, showing the guest view: ${error.message}`);
      degraded = true;
      return guestAnswer();
    }
  }

  /** The customer's listing pages and facet index of a category, cut from one read of its products. */
  const categoryView = (category: CategoryNode): Promise<CategoryView> => {
    let view = listings.get(category.id);
    if (!view) {
      view = subtreeProducts(source, category).then((products) => {
        const members = categoryMembers([category], products).find((entry) => entry.category.id === category.id)?.members ?? [];
        return {
          pages: buildListingPages([category], products).filter((listing) => listing.categoryId === category.id),
          facets: buildFacetIndex(category.id, members, CATEGORY_PAGE_SIZE),
        };
      });
      listings.set(category.id, view);
    }
    return view;
  };
  const categoryOf = async (categoryId: number) => categoryTrailById(await guest.categories(), categoryId)?.at(-1);

  const content: ContentStore = {
    ...guest,
    product: (urlKey: string) =>
      orGuest(`product ${urlKey}`, () => source.client.productByUrlKey(source.store, urlKey, source.token), () => guest.product(urlKey)),
    async listingPage(categoryId: number, page: number) {
      const category = await categoryOf(categoryId);
      if (!category) return null;
      return orGuest(
        `category ${categoryId}`,
        async () => (await categoryView(category)).pages.find((listing) => listing.page === page) ?? null,
        () => guest.listingPage(categoryId, page),
      );
    },
    async facetIndex(categoryId: number) {
      const category = await categoryOf(categoryId);
      if (!category) return null;
      return orGuest(`category ${categoryId}`, async () => (await categoryView(category)).facets, () => guest.facetIndex(categoryId));
    },
  };
  return { content, degraded: () => degraded };
}

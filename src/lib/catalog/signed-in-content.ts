/**
 * The content a signed-in customer's catalog pages render from (DECISIONS.md 31). KV holds the
 * guest view only, so products and listings come from the backend with the customer's token: their
 * prices, their gate flags, and products hidden from guests but visible to their group. The rest of
 * the page (store config, menu, CMS pages, countries) is the same for everyone and stays on KV.
 * Nothing read here is ever written back to KV. When the backend fails, the page falls back to the
 * guest view (which never shows more than a guest may see) and says so through `degraded`, so the
 * page is not kept as the group's copy. Likewise when an answer was made for another view than the
 * session's (`staleView`): the backend states the view it priced for (X-Shop-View) and the cookie's
 * view is up to a minute old, so right after an admin changes a company's or group's price lists the
 * page would otherwise be stored under the old view's key and served to that view's other customers.
 */
import { BackendError, type BackendClient, type ViewObserver } from '../backend-client.ts';
import { groupCacheKey } from '../cache/group-key.ts';
import type { Session } from '../session/session-token.ts';
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
  /** The view the session's cache key names (`sessionView`); answers made for another are not stored. */
  view: string;
}

interface CategoryView {
  pages: ListingPage[];
  facets: FacetIndex;
}

export interface SignedInContent {
  content: ContentStore;
  /** Whether some of the page had to come from the guest view because the backend failed. */
  degraded: () => boolean;
  /** Whether some answer the page was rendered from was made for a view other than the session's. */
  staleView: () => boolean;
}

/**
 * The view a session's edge-cache key names, without the country part: what the backend states on
 * the answers it makes for that customer (X-Shop-View), so the two compare as strings.
 */
export function sessionView(session: Pick<Session, 'groupId' | 'viewKey'>): string {
  return groupCacheKey({ groupId: session.groupId, viewKey: session.viewKey, country: undefined }, false);
}

/** Every product of a category's subtree as the customer sees it, each once. */
async function subtreeProducts(source: SignedInSource, category: CategoryNode, onView: ViewObserver): Promise<Product[]> {
  const ids: number[] = [];
  const visit = (node: CategoryNode) => {
    ids.push(node.id);
    node.children.forEach(visit);
  };
  visit(category);
  const lists = await Promise.all(ids.map((id) => source.client.categoryProducts(source.store, id, source.token, onView)));
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
  let staleView = false;
  // An answer naming no view counts as stale too: a backend that cannot say whom it priced for
  // cannot vouch that the page belongs under the session's key.
  const onView: ViewObserver = (view) => {
    if (view !== source.view) staleView = true;
  };

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
      view = subtreeProducts(source, category, onView).then((products) => {
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
      orGuest(`product ${urlKey}`, () => source.client.productByUrlKey(source.store, urlKey, source.token, onView), () => guest.product(urlKey)),
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
  return { content, degraded: () => degraded, staleView: () => staleView };
}

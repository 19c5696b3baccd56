/**
 * What each HTML page reads from KV, through the content store (so tests pass a fake one).
 * Pages call these and render; nothing here formats HTML.
 */
import type { ContentStore } from '../content/content-store.ts';
import type { CategoryNode, CmsPage, ListingPage, Product, ProductCard, StoreConfig } from '../content/schemas.ts';
import { priceFormatter, toBcp47, type PriceFormat } from '../format/price.ts';
import { menuTree, productCategoryTrail, topCategories, type MenuItem } from './category-tree.ts';
import { productGateRedirect } from './gate-redirect.ts';
import { filteredRedirect, listingParams, MAX_PAGE_NUMBER } from './canonical-url.ts';
import { isFiltered, parseFilters } from './facet-filter.ts';
import { facetView, type FacetView } from './facet-view.ts';
import { loadFilteredListing } from './filtered-listing.ts';
import { loadSortedListing } from './listing-data.ts';
import type { SortOrder } from './listing-sort.ts';
import { loadRelated } from './related.ts';
import { isListingStub } from './product-stub.ts';
import { canonicalPath, isPathVariant, resolvePath } from './resolve-path.ts';
import type { StubCompleter } from './stub-refetch.ts';

/** CMS pages linked from the footer, in this order; absent ones are left out. */
export const FOOTER_CMS_PAGES = ['about-us', 'customer-service', 'privacy-policy'] as const;
/** Products in the home page's "featured" grid. */
export const FEATURED_COUNT = 8;
/** Top categories whose first listing page feeds the featured grid. */
const FEATURED_SOURCE_CATEGORIES = 4;

export interface FooterLink {
  title: string;
  href: string;
}

/** Everything the layout needs on every page: store config, menu, footer links, formatting. */
export interface Shell {
  config: StoreConfig;
  tree: CategoryNode[];
  menu: MenuItem[];
  footerLinks: FooterLink[];
  /** BCP 47 language tag for `<html lang>`. */
  lang: string;
  formatPrice: PriceFormat;
}

/** The shell of a store, or null when it has never been synced (no `{store}:config`). */
export async function loadShell(content: Pick<ContentStore, 'config' | 'categories' | 'cmsPage'>): Promise<Shell | null> {
  const [config, tree, ...footerPages] = await Promise.all([
    content.config(),
    content.categories(),
    ...FOOTER_CMS_PAGES.map((identifier) => content.cmsPage(identifier)),
  ]);
  if (!config) return null;
  return {
    config,
    tree,
    menu: menuTree(tree),
    footerLinks: footerPages
      .filter((page): page is CmsPage => page !== null && page.isActive !== false)
      .map((page) => ({ title: page.title, href: `/${page.identifier}` })),
    lang: toBcp47(config.locale),
    formatPrice: priceFormatter(config.locale, config.baseCurrencyCode),
  };
}

export interface HomeData {
  categories: CategoryNode[];
  featured: ProductCard[];
  content: CmsPage | null;
}

export async function loadHome(content: Pick<ContentStore, 'listingPage' | 'cmsPage'>, shell: Shell): Promise<HomeData> {
  const categories = topCategories(shell.tree);
  const [homePage, ...listings] = await Promise.all([
    content.cmsPage('home'),
    ...categories.slice(0, FEATURED_SOURCE_CATEGORIES).map((category) => content.listingPage(category.id, 1)),
  ]);
  return {
    categories,
    featured: interleave(listings.map((listing) => listing?.products ?? []), FEATURED_COUNT),
    content: homePage && homePage.isActive !== false ? homePage : null,
  };
}

/** Round-robin across lists, skipping products already taken, up to `limit`. */
export function interleave(lists: ProductCard[][], limit: number): ProductCard[] {
  const taken = new Map<number, ProductCard>();
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest && taken.size < limit; index++) {
    for (const list of lists) {
      const card = list[index];
      if (card && !taken.has(card.id)) taken.set(card.id, card);
      if (taken.size === limit) break;
    }
  }
  return [...taken.values()];
}

/** The merchant's 404 content (the `no-route` CMS page), when there is one. */
export async function loadNotFoundPage(content: Pick<ContentStore, 'cmsPage'>): Promise<CmsPage | null> {
  const page = await content.cmsPage('no-route');
  return page && page.isActive !== false ? page : null;
}

/** Everything the catch-all page needs, decided before the first byte (the status depends on it). */
export type CatchAllRoute =
  | { kind: 'not-synced' }
  | { kind: 'not-found'; shell: Shell; page: CmsPage | null }
  /** Another spelling of a page's URL (letter case, trailing slash, invalid `page`/`sort`): 301 to `location`. */
  | { kind: 'redirect'; location: string }
  /** A gated product (B2B Access): 302 to sign in or to the rule's CMS page. */
  | { kind: 'gate'; location: string }
  | {
      kind: 'category';
      shell: Shell;
      category: CategoryNode;
      trail: CategoryNode[];
      listing: ListingPage;
      sort: SortOrder;
      /** The layered navigation; null where the sync wrote no facet index yet. */
      facets: FacetView | null;
    }
  | {
      kind: 'product';
      shell: Shell;
      product: Product;
      trail: CategoryNode[];
      related: ProductCard[];
      /** A listing stub that could not be completed: rendered, but not worth caching. */
      incomplete: boolean;
    }
  | { kind: 'cms'; shell: Shell; page: CmsPage };

export type HomeRoute = { kind: 'not-synced' } | { kind: 'home'; shell: Shell; home: HomeData };

/** HTTP status of a route: 503 before the first sync, 404 for unknown paths and pages. */
export function routeStatus(route: { kind: string }): number {
  if (route.kind === 'not-synced') return 503;
  if (route.kind === 'not-found') return 404;
  if (route.kind === 'redirect') return 301;
  if (route.kind === 'gate') return 302;
  return 200;
}

export async function loadHomeRoute(content: ContentStore): Promise<HomeRoute> {
  const shell = await loadShell(content);
  if (!shell) return { kind: 'not-synced' };
  return { kind: 'home', shell, home: await loadHome(content, shell) };
}

export interface CatchAllOptions {
  /** Completes a listing stub from the backend (SPEC.md sync rule 4); stubs render as they are without it. */
  completeStub?: StubCompleter;
}

/** Resolves a catch-all URL (category, product, CMS page; SPEC order) and reads its data. */
export async function loadCatchAllRoute(content: ContentStore, url: URL, options: CatchAllOptions = {}): Promise<CatchAllRoute> {
  const shell = await loadShell(content);
  if (!shell) return { kind: 'not-synced' };
  const resolved = await resolvePath(content, shell.tree, url.pathname);
  if (!resolved) {
    // A category or product whose URL key changed keeps its old path as a 301 (issue 17).
    const moved = await content.movedTo(url.pathname);
    return moved === null ? loadNotFoundRoute(content, shell) : { kind: 'redirect', location: `${moved}${url.search}` };
  }
  const path = canonicalPath(resolved);
  const pathVariant = isPathVariant(url.pathname, path);
  if (resolved.kind === 'category') {
    const { category } = resolved;
    const index = await content.facetIndex(category.id);
    const { page, sort, redirectSearch } = listingParams(url.searchParams);
    const filters = parseFilters(url.searchParams, index);
    const search = filteredRedirect(url.searchParams, redirectSearch, filters);
    if (pathVariant || search !== null) return { kind: 'redirect', location: `${path}${search ?? url.search}` };
    const filtered = index !== null && isFiltered(filters.selection);
    const sorted =
      page > MAX_PAGE_NUMBER
        ? null
        : filtered
          ? await loadFilteredListing(content, index, filters.selection, page, sort, shell.lang)
          : await loadSortedListing(content, category.id, page, sort, shell.lang);
    if (!sorted) return loadNotFoundRoute(content, shell);
    const facets = index === null ? null : facetView(index, filters.selection, path, sorted.sort, shell.formatPrice);
    return { ...resolved, shell, listing: sorted.listing, sort: sorted.sort, facets };
  }
  if (pathVariant) return { kind: 'redirect', location: `${path}${url.search}` };
  if (resolved.kind === 'product') {
    const gate = productGateRedirect(resolved.product, url, shell.config);
    if (gate !== null) return { kind: 'gate', location: gate };
    const stub = isListingStub(resolved.product);
    const full = stub && options.completeStub ? await options.completeStub(resolved.product) : null;
    const product = full ?? resolved.product;
    const trail = productCategoryTrail(shell.tree, product.categoryIds);
    const related = await loadRelated(content, product, trail.at(-1)?.id);
    return { kind: 'product', product, shell, trail, related, incomplete: stub && !full };
  }
  return { ...resolved, shell };
}

export async function loadNotFoundRoute(
  content: Pick<ContentStore, 'config' | 'categories' | 'cmsPage'>,
  knownShell?: Shell,
): Promise<CatchAllRoute> {
  const shell = knownShell ?? (await loadShell(content));
  if (!shell) return { kind: 'not-synced' };
  return { kind: 'not-found', shell, page: await loadNotFoundPage(content) };
}

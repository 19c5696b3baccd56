/**
 * A category's listing pages as the category page shows them: one KV page, or the whole category
 * re-sorted (see listing-sort.ts for why all pages are read for a sort).
 */
import type { ContentStore } from '../content/content-store.ts';
import type { ListingPage } from '../content/schemas.ts';
import { CATEGORY_PAGE_SIZE } from './listing.ts';
import { hidesPrices, isPriceSort, MAX_SORTED_PAGES, sortCards, sortedPage, type SortOrder } from './listing-sort.ts';

/**
 * One page of a category's listing, or null when that page does not exist (→ 404). Page 1
 * always exists: a category the sync wrote no listing for shows its empty state.
 */
export async function loadListing(
  content: Pick<ContentStore, 'listingPage'>,
  categoryId: number,
  page: number,
): Promise<ListingPage | null> {
  const listing = await content.listingPage(categoryId, page);
  if (listing || page !== 1) return listing;
  return { categoryId, page: 1, pageSize: CATEGORY_PAGE_SIZE, totalItems: 0, totalPages: 1, products: [] };
}

/** A listing page and the order it is really in (price orders fall back to the default where prices are hidden). */
export interface SortedListing {
  listing: ListingPage;
  sort: SortOrder;
}

async function inPositionOrder(content: Pick<ContentStore, 'listingPage'>, categoryId: number, page: number): Promise<SortedListing | null> {
  const listing = await loadListing(content, categoryId, page);
  return listing ? { listing, sort: 'position' } : null;
}

/**
 * A listing page in the asked-for order (see listing-sort.ts for why all pages are read). A price
 * order over cards whose prices are hidden falls back to the default order at the same URL
 * (DECISIONS.md 30): no redirect, so a guest and a trade buyer share the URL and the canonical
 * link names the bare category.
 */
export async function loadSortedListing(
  content: Pick<ContentStore, 'listingPage'>,
  categoryId: number,
  page: number,
  sort: SortOrder,
  locale: string,
): Promise<SortedListing | null> {
  if (sort === 'position') return inPositionOrder(content, categoryId, page);
  const first = await loadListing(content, categoryId, 1);
  if (!first) return null;
  const withinPage = first.totalPages <= 1 || first.totalPages > MAX_SORTED_PAGES;
  const pages = withinPage
    ? [first, ...(page === 1 ? [] : [await loadListing(content, categoryId, page)])]
    : [first, ...(await Promise.all(Array.from({ length: first.totalPages - 1 }, (_, index) => content.listingPage(categoryId, index + 2))))];
  const read = pages.filter((listing): listing is ListingPage => listing !== null);
  if (isPriceSort(sort) && read.some((listing) => hidesPrices(listing.products))) return inPositionOrder(content, categoryId, page);
  if (withinPage) {
    const own = page === 1 ? first : (read[1] ?? null);
    return own ? { listing: { ...own, products: sortCards(own.products, sort, locale) }, sort } : null;
  }
  const listing = sortedPage(read, sort, page, locale);
  return listing ? { listing, sort } : null;
}

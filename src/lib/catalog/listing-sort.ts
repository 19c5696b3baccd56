/**
 * Category sort orders. KV holds each category's listing pages in the merchant's position order;
 * name and price orders span pages, so the worker reads all of the category's pages (one KV read
 * each, in parallel), sorts and cuts the asked-for page. The result is edge-cached per URL like any
 * page. Categories above MAX_SORTED_PAGES listing pages are sorted within the page instead, to
 * bound the reads per request; precomputed sorted pages (three more key sets at every sync) were
 * not worth it at this catalog size.
 */
import type { ListingPage, ProductCard } from '../content/schemas.ts';
import { pricesHidden } from './price-display.ts';

export const SORT_ORDERS = ['position', 'name', 'price-asc', 'price-desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const SORT_LABELS: Record<SortOrder, string> = {
  position: 'Featured',
  name: 'Name',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
};

export const MAX_SORTED_PAGES = 20;

export function isPriceSort(sort: SortOrder): boolean {
  return sort === 'price-asc' || sort === 'price-desc';
}

/** Whether any card withholds its price from the caller (B2B Access `hidePrice`). */
export function hidesPrices(cards: ProductCard[]): boolean {
  return cards.some((card) => pricesHidden(card));
}

/**
 * The orders a listing offers: without the price orders where prices are hidden on it (DECISIONS.md
 * 30), since ordering by a withheld price would disclose it.
 */
export function sortOrdersFor(cards: ProductCard[]): SortOrder[] {
  return hidesPrices(cards) ? SORT_ORDERS.filter((order) => !isPriceSort(order)) : [...SORT_ORDERS];
}

/** The order a request asks for; null for an unknown value (so the page 404s, like a bad page number). */
export function parseSortParam(params: URLSearchParams): SortOrder | null {
  const values = params.getAll('sort');
  if (values.length === 0) return 'position';
  const [value] = values;
  return values.length === 1 && (SORT_ORDERS as readonly string[]).includes(value ?? '') ? (value as SortOrder) : null;
}

/** The listing's base path for an order: the bare category path for the default. */
export function sortedPath(categoryPath: string, sort: SortOrder): string {
  return sort === 'position' ? categoryPath : `${categoryPath}?sort=${sort}`;
}

function shownPrice(card: ProductCard): number {
  return card.minimalPrice ?? card.finalPrice ?? card.price ?? Number.POSITIVE_INFINITY;
}

export function sortCards(cards: ProductCard[], sort: SortOrder, locale: string): ProductCard[] {
  if (sort === 'position') return cards;
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const byName = (a: ProductCard, b: ProductCard) => collator.compare(a.name, b.name);
  const sorted = [...cards];
  if (sort === 'name') return sorted.sort(byName);
  const direction = sort === 'price-asc' ? 1 : -1;
  return sorted.sort((a, b) => (shownPrice(a) - shownPrice(b)) * direction || byName(a, b));
}

/** One page of the whole category in the given order, from all of its position-ordered pages. */
export function sortedPage(pages: ListingPage[], sort: SortOrder, page: number, locale: string): ListingPage | null {
  const [first] = pages;
  if (!first) return null;
  const all = sortCards(pages.flatMap((listing) => listing.products), sort, locale);
  const start = (page - 1) * first.pageSize;
  if (page > 1 && start >= all.length) return null;
  return { ...first, page, products: all.slice(start, start + first.pageSize) };
}

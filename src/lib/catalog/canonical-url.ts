/**
 * The canonical form of a category listing URL's `page` and `sort` parameters. Invalid or
 * redundant values (`page=0`, `page=abc`, `page=01`, `page=1`, an unknown or the default `sort`,
 * repeated parameters) are clamped or dropped, and the page answers 301 to the canonical URL,
 * so every listing has one URL (and one edge-cache entry). Other parameters are kept as they are.
 */
import type { ParsedFilters } from './facet-filter.ts';
import { SORT_ORDERS, type SortOrder } from './listing-sort.ts';

/** Page numbers above this name no listing page (at 24 a page): the page is past the last, 404. */
export const MAX_PAGE_NUMBER = 999_999;

export interface ListingParams {
  page: number;
  sort: SortOrder;
  /** The canonical query (`?…`, or '' for none) when the request's differs from it, else null. */
  redirectSearch: string | null;
}

/** The digits of the first value that is a positive whole number (leading zeros dropped), else '1'. */
function lenientPage(values: string[]): string {
  for (const value of values) {
    const digits = /^[0-9]+$/.test(value) ? value.replace(/^0+/, '') : '';
    if (digits !== '') return digits;
  }
  return '1';
}

/** The first known sort order, else the default. */
function lenientSort(values: string[]): SortOrder {
  return (values.find((value) => (SORT_ORDERS as readonly string[]).includes(value)) as SortOrder | undefined) ?? 'position';
}

const sameValues = (a: string[], b: string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

export function listingParams(params: URLSearchParams): ListingParams {
  const pageValues = params.getAll('page');
  const sortValues = params.getAll('sort');
  const pageText = lenientPage(pageValues);
  const page = pageText.length > String(MAX_PAGE_NUMBER).length ? MAX_PAGE_NUMBER + 1 : Number(pageText);
  const sort = lenientSort(sortValues);
  const canonicalPage = pageText === '1' ? [] : [pageText];
  const canonicalSort = sort === 'position' ? [] : [sort];
  if (sameValues(pageValues, canonicalPage) && sameValues(sortValues, canonicalSort)) return { page, sort, redirectSearch: null };
  const canonical = new URLSearchParams([...params].filter(([name]) => name !== 'page' && name !== 'sort'));
  for (const value of canonicalSort) canonical.append('sort', value);
  for (const value of canonicalPage) canonical.append('page', value);
  const search = canonical.toString();
  return { page, sort, redirectSearch: search ? `?${search}` : '' };
}

/**
 * The canonical query of a listing with layered-navigation filters (facet-filter.ts): other
 * parameters as they came, then the filters in canonical order, then `sort` and `page`; null when
 * the request's query is canonical already (its page, its order and its filters in their order).
 */
export function filteredRedirect(params: URLSearchParams, redirectSearch: string | null, filters: Pick<ParsedFilters, 'pairs' | 'names'>): string | null {
  const asked = [...params].filter(([name]) => filters.names.has(name));
  const sameFilters = asked.length === filters.pairs.length && asked.every(([name, value], index) => name === filters.pairs[index]![0] && value === filters.pairs[index]![1]);
  if (redirectSearch === null && sameFilters) return null;
  const rest = new URLSearchParams([...params].filter(([name]) => !filters.names.has(name)));
  const canonicalRest = new URLSearchParams(listingParams(rest).redirectSearch ?? rest.toString());
  const search = new URLSearchParams([
    ...[...canonicalRest].filter(([name]) => name !== 'page' && name !== 'sort'),
    ...filters.pairs,
    ...canonicalRest.getAll('sort').map((value) => ['sort', value]),
    ...canonicalRest.getAll('page').map((value) => ['page', value]),
  ]).toString();
  return search ? `?${search}` : '';
}

/**
 * Layered navigation on the request path, from a category's facet index (facet-index.ts): which
 * filters a URL selects, the URL's canonical spelling, the members that match, and the counts
 * each choice would give. Pure.
 *
 * URLs: one query parameter per filter, named by the attribute code, valued by the value's slug
 * (`?color=navy&color=rust&size=m`); `price=50-100` (from 50 inclusive to 100 exclusive, in the
 * store's currency; repeatable); `stock=in` for in-stock only. Values of one filter combine with OR,
 * filters with AND, as shoppers expect ("navy or rust, in M"). The canonical order is the sidebar's
 * (filters in facet order, values in value order, then price, stock), which is also the order the
 * filter form submits in, so a form submission lands on its canonical URL without a redirect.
 * Unknown values are dropped (a redirect to the URL without them); a price range is taken as it
 * stands, whether or not the sidebar offers it today, so a shared link survives a re-sync that
 * moved the ranges; where the view hides prices the price parameter is ignored at the same URL,
 * like a price order (DECISIONS.md 30), so a guest and a trade buyer share the URL.
 */
import type { FacetIndex } from '../content/schemas.ts';

export const PRICE_PARAM = 'price';
export const STOCK_PARAM = 'stock';
export const IN_STOCK_VALUE = 'in';

export interface PriceRange {
  from: number;
  to: number;
}

export interface FacetSelection {
  /** Per facet (index order), the chosen value indexes; empty when the facet is not used. */
  values: Set<number>[];
  prices: PriceRange[];
  inStock: boolean;
}

export interface ParsedFilters {
  selection: FacetSelection;
  /** The filter parameters in canonical order and spelling. */
  pairs: Array<[string, string]>;
  /** Every parameter name the index treats as a filter (to tell them from other parameters). */
  names: ReadonlySet<string>;
}

const PRICE_RANGE = /^([0-9]{1,9})-([0-9]{1,9})$/;

export function priceParam(range: PriceRange): string {
  return `${range.from}-${range.to}`;
}

function parsePrice(value: string): PriceRange | null {
  const match = PRICE_RANGE.exec(value);
  if (!match) return null;
  const range = { from: Number(match[1]), to: Number(match[2]) };
  return range.from < range.to ? range : null;
}

export function emptySelection(index: FacetIndex | null): FacetSelection {
  return { values: (index?.facets ?? []).map(() => new Set<number>()), prices: [], inStock: false };
}

export function isFiltered(selection: FacetSelection): boolean {
  return selection.inStock || selection.prices.length > 0 || selection.values.some((chosen) => chosen.size > 0);
}

/** The filters a query selects, with the index telling which parameters are filters; no index, no filters. */
export function parseFilters(params: URLSearchParams, index: FacetIndex | null): ParsedFilters {
  const selection = emptySelection(index);
  const names = new Set<string>([PRICE_PARAM, STOCK_PARAM]);
  if (index === null) return { selection, pairs: [], names: new Set() };
  index.facets.forEach((facet, position) => {
    names.add(facet.code);
    for (const slug of params.getAll(facet.code)) {
      const value = facet.values.findIndex((candidate) => candidate.slug === slug);
      if (value >= 0) selection.values[position]!.add(value);
    }
  });
  if (index.priceStep !== null) {
    const ranges = params.getAll(PRICE_PARAM).flatMap((value) => parsePrice(value) ?? []);
    const unique = new Map(ranges.map((range) => [priceParam(range), range]));
    selection.prices = [...unique.values()].sort((a, b) => a.from - b.from || a.to - b.to);
  }
  selection.inStock = params.getAll(STOCK_PARAM).includes(IN_STOCK_VALUE);
  return { selection, pairs: selectionPairs(index, selection, params), names };
}

/**
 * A selection as query parameters, in canonical order. Where prices are hidden, the request's price
 * parameters are kept as they came (ignored, not redirected away: see the module's comment).
 */
export function selectionPairs(index: FacetIndex, selection: FacetSelection, request?: URLSearchParams): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  index.facets.forEach((facet, position) => {
    const chosen = selection.values[position] ?? new Set<number>();
    facet.values.forEach((value, valueIndex) => {
      if (chosen.has(valueIndex)) pairs.push([facet.code, value.slug]);
    });
  });
  if (index.priceStep !== null) for (const range of selection.prices) pairs.push([PRICE_PARAM, priceParam(range)]);
  else for (const value of request?.getAll(PRICE_PARAM) ?? []) pairs.push([PRICE_PARAM, value]);
  if (selection.inStock) pairs.push([STOCK_PARAM, IN_STOCK_VALUE]);
  return pairs;
}

type Member = FacetIndex['products'][number];

/** The dimensions a member fails: a facet's position, or `prices`/`stock` after the facets. */
function failures(member: Member, selection: FacetSelection): number[] {
  const failed: number[] = [];
  selection.values.forEach((chosen, facet) => {
    if (chosen.size > 0 && !(member.values[facet] ?? []).some((value) => chosen.has(value))) failed.push(facet);
  });
  const facets = selection.values.length;
  if (selection.prices.length > 0 && !selection.prices.some((range) => member.price !== null && member.price >= range.from && member.price < range.to)) {
    failed.push(facets);
  }
  if (selection.inStock && !member.inStock) failed.push(facets + 1);
  return failed;
}

/** The positions (listing order) of the members the selection keeps. */
export function matchingPositions(index: FacetIndex, selection: FacetSelection): number[] {
  return index.products.flatMap((member, position) => (failures(member, selection).length === 0 ? [position] : []));
}

export interface FacetCounts {
  /** Per facet, per value: how many members match if that value were (also) chosen. */
  values: number[][];
  /** Per price bucket (`floor(price / step)`), the same; empty where there is no price filter. */
  priceBuckets: Map<number, number>;
  /** How many members are in stock among those the other filters keep… */
  inStock: number;
  /** …and how many those are (in stock or not): when the two are equal, "in stock only" narrows nothing. */
  stockBase: number;
}

/**
 * Counts as a shopper reads them: each choice counts the members that the other filters keep and
 * that have it, so a value's count is what its page would show (values of one filter add up, since
 * they combine with OR).
 */
export function facetCounts(index: FacetIndex, selection: FacetSelection): FacetCounts {
  const values = index.facets.map((facet) => facet.values.map(() => 0));
  const priceBuckets = new Map<number, number>();
  let inStock = 0;
  let stockBase = 0;
  const facets = index.facets.length;
  for (const member of index.products) {
    const failed = failures(member, selection);
    if (failed.length > 1) continue;
    const only = failed[0];
    const counts = (dimension: number) => only === undefined || only === dimension;
    member.values.forEach((chosen, facet) => {
      if (counts(facet)) for (const value of chosen) values[facet]![value]! += 1;
    });
    if (counts(facets) && index.priceStep !== null && member.price !== null) {
      const bucket = Math.floor(member.price / index.priceStep);
      priceBuckets.set(bucket, (priceBuckets.get(bucket) ?? 0) + 1);
    }
    if (counts(facets + 1)) {
      stockBase += 1;
      if (member.inStock) inStock += 1;
    }
  }
  return { values, priceBuckets, inStock, stockBase };
}

/**
 * The layered navigation as the category page shows it: each filter's choices with their counts
 * and whether they are chosen, the chosen filters with a link that removes each, and the base path
 * the pager and the sort keep. Pure: from the facet index, the selection and its counts.
 *
 * A choice that would empty the listing (count 0) is left out unless it is chosen, as in most
 * shops' layered navigation: nothing on the page leads to an empty page; so is "in stock only" where
 * everything is in stock, and the price filter where every price falls in one range.
 */
import type { FacetIndex } from '../content/schemas.ts';
import type { PriceFormat } from '../format/price.ts';
import {
  facetCounts,
  IN_STOCK_VALUE,
  isFiltered,
  PRICE_PARAM,
  priceParam,
  selectionPairs,
  STOCK_PARAM,
  type FacetSelection,
  type PriceRange,
} from './facet-filter.ts';
import type { SortOrder } from './listing-sort.ts';

export interface FilterChoice {
  label: string;
  /** The query parameter's value for this choice (its name is the group's). */
  value: string;
  count: number;
  selected: boolean;
}

export interface FilterGroup {
  /** The query parameter. */
  name: string;
  label: string;
  choices: FilterChoice[];
}

export interface AppliedFilter {
  /** "Size: M". */
  label: string;
  removeHref: string;
}

export interface FacetView {
  groups: FilterGroup[];
  applied: AppliedFilter[];
  /** The category with its order kept and every filter removed. */
  clearHref: string;
  /** The listing's path with its filters and order, which the pager adds `page` to. */
  basePath: string;
  filtered: boolean;
}

function href(categoryPath: string, pairs: Array<[string, string]>, sort: SortOrder): string {
  const params = new URLSearchParams(pairs);
  if (sort !== 'position') params.append('sort', sort);
  const search = params.toString();
  return search ? `${categoryPath}?${search}` : categoryPath;
}

function cloneSelection(selection: FacetSelection): FacetSelection {
  return { values: selection.values.map((chosen) => new Set(chosen)), prices: [...selection.prices], inStock: selection.inStock };
}

/**
 * "$100 – $200": ranges are whole steps (1, 2 or 5 × a power of ten), so their ends are shown without
 * cents, as shops commonly label price buckets. Not "$199.99": an invented amount that a real (and
 * perhaps withheld) price may share, and a label must never read like one.
 */
export function priceRangeLabel(range: PriceRange, formatPrice: PriceFormat): string {
  const whole = (amount: number) => formatPrice(amount).replace(/[.,]00(?!\d)/, '');
  return `${whole(range.from)} – ${whole(range.to)}`;
}

export function facetView(index: FacetIndex, selection: FacetSelection, categoryPath: string, sort: SortOrder, formatPrice: PriceFormat): FacetView {
  const counts = facetCounts(index, selection);
  const groups: FilterGroup[] = index.facets.map((facet, position) => ({
    name: facet.code,
    label: facet.label,
    choices: facet.values
      .map((value, valueIndex) => ({
        label: value.label,
        value: value.slug,
        count: counts.values[position]![valueIndex]!,
        selected: selection.values[position]!.has(valueIndex),
      }))
      .filter((choice) => choice.count > 0 || choice.selected),
  }));
  // One range narrows nothing: the price filter shows from two on (or while one is chosen).
  if (index.priceStep !== null && (counts.priceBuckets.size > 1 || selection.prices.length > 0)) {
    const step = index.priceStep;
    const ranges = new Map<string, { range: PriceRange; count: number }>();
    for (const [bucket, count] of [...counts.priceBuckets.entries()].sort(([a], [b]) => a - b)) {
      const range = { from: bucket * step, to: (bucket + 1) * step };
      ranges.set(priceParam(range), { range, count });
    }
    for (const range of selection.prices) if (!ranges.has(priceParam(range))) ranges.set(priceParam(range), { range, count: 0 });
    const chosen = new Set(selection.prices.map(priceParam));
    groups.push({
      name: PRICE_PARAM,
      label: 'Price',
      choices: [...ranges.entries()]
        .sort(([, a], [, b]) => a.range.from - b.range.from)
        .map(([value, { range, count }]) => ({ label: priceRangeLabel(range, formatPrice), value, count, selected: chosen.has(value) })),
    });
  }
  groups.push({
    name: STOCK_PARAM,
    label: 'Availability',
    choices: [{ label: 'In stock only', value: IN_STOCK_VALUE, count: counts.inStock, selected: selection.inStock }].filter(
      (choice) => choice.selected || (choice.count > 0 && choice.count < counts.stockBase),
    ),
  });

  const applied: AppliedFilter[] = [];
  const without = (change: (copy: FacetSelection) => void) => {
    const copy = cloneSelection(selection);
    change(copy);
    return href(categoryPath, selectionPairs(index, copy), sort);
  };
  index.facets.forEach((facet, position) => {
    for (const valueIndex of [...selection.values[position]!].sort((a, b) => a - b)) {
      applied.push({ label: `${facet.label}: ${facet.values[valueIndex]!.label}`, removeHref: without((copy) => copy.values[position]!.delete(valueIndex)) });
    }
  });
  if (index.priceStep !== null) {
    for (const range of selection.prices) {
      applied.push({ label: `Price: ${priceRangeLabel(range, formatPrice)}`, removeHref: without((copy) => (copy.prices = copy.prices.filter((other) => other !== range))) });
    }
  }
  if (selection.inStock) applied.push({ label: 'In stock only', removeHref: without((copy) => (copy.inStock = false)) });

  return {
    groups: groups.filter((group) => group.choices.length > 0),
    applied,
    clearHref: href(categoryPath, [], sort),
    basePath: href(categoryPath, selectionPairs(index, selection), sort),
    filtered: isFiltered(selection),
  };
}

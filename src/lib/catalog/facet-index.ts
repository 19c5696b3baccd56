/**
 * A category's facet index: what its layered navigation filters on, built once per category at
 * sync (lib/sync/facets.ts) from the same members, in the same position order, as its listing
 * pages, so the request path filters and counts from one KV read and then reads only the listing
 * pages holding the products it shows (filtered-listing.ts). A signed-in customer's index is built
 * the same way from their own view of the products (signed-in-content.ts).
 *
 * Which attributes are filters: the backend marks none (no attribute types, no "filterable" flag;
 * product attributes are free code → value pairs), so the choice is made here, the way a merchant
 * would set up layered navigation by hand: every configurable option (size, colour: select
 * attributes by construction, from `availableOptions`) and every text or yes/no attribute whose
 * values in the category are few enough to be a list (at most MAX_FACET_VALUES) and that narrows
 * the listing (some value is not on every product). Numbers (weight, pages) are left out: a list of
 * every weight helps nobody, and price is the one range filter. Codes that are not URL-safe or that
 * the listing's own parameters use are left out too.
 */
import type { FacetIndex, Product } from '../content/schemas.ts';
import { attributeLabel } from './attribute-label.ts';
import { productPriceDisplay } from './price-display.ts';

/** More distinct values than this and an attribute is free text (a model number), not a filter. */
export const MAX_FACET_VALUES = 30;
/** Price ranges aim at no more than this many steps across the category's prices. */
const MAX_PRICE_RANGES = 6;
/** Query parameters the listing uses itself; an attribute with one of these codes is no filter. */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set(['page', 'sort', 'price', 'stock', 'q']);
const FILTER_CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

interface Candidate {
  label: string;
  /** From a configurable option (listed first, in the options' order). */
  option: boolean;
  /** The earliest place the attribute takes among a product's options (colour before size). */
  optionRank: number;
  /** Value label → the option's stable value number when an option named it. */
  values: Map<string, number | undefined>;
  /** Members carrying each value, by member position. */
  members: Map<string, Set<number>>;
}

function valueLabels(value: string | number | boolean): string | null {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/** A value's URL spelling: lower case, letters and digits, dashes between ("US 9" → "us-9"). */
export function valueSlug(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'value' : slug;
}

function collect(members: Product[]): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  const note = (code: string, label: string, optionRank: number | null, value: string, valueIndex: number | undefined, position: number) => {
    if (!FILTER_CODE.test(code) || RESERVED_PARAMS.has(code)) return;
    let candidate = candidates.get(code);
    if (!candidate) {
      candidate = { label, option: false, optionRank: Number.POSITIVE_INFINITY, values: new Map(), members: new Map() };
      candidates.set(code, candidate);
    }
    // An option names the attribute better than its code does ("Color" for `color`).
    if (optionRank !== null) Object.assign(candidate, { label, option: true, optionRank: Math.min(candidate.optionRank, optionRank) });
    if (valueIndex !== undefined || !candidate.values.has(value)) candidate.values.set(value, valueIndex ?? candidate.values.get(value));
    const carrying = candidate.members.get(value) ?? new Set<number>();
    carrying.add(position);
    candidate.members.set(value, carrying);
  };
  members.forEach((product, position) => {
    (product.availableOptions ?? []).forEach((option, rank) => {
      for (const value of option.values) note(option.attributeCode, option.label, rank, value.label, value.valueIndex, position);
    });
    for (const [code, raw] of Object.entries(product.attributes)) {
      const label = valueLabels(raw);
      if (label !== null) note(code, attributeLabel(code), null, label, undefined, position);
    }
  });
  return candidates;
}

/** Option values in their options' order (stable value numbers), then the rest alphabetically, numbers as numbers. */
function orderedValues(candidate: Candidate): string[] {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return [...candidate.values.entries()]
    .sort(([labelA, indexA], [labelB, indexB]) => {
      if (indexA !== undefined && indexB !== undefined) return indexA - indexB;
      if (indexA !== undefined || indexB !== undefined) return indexA !== undefined ? -1 : 1;
      return collator.compare(labelA, labelB);
    })
    .map(([label]) => label);
}

/**
 * A round step (1, 2 or 5 times a power of ten, 10 at least: ranges narrower than ten units of the
 * currency read as noise) that cuts [min, max] into at most MAX_PRICE_RANGES ranges.
 */
export function priceStep(prices: number[]): number | null {
  if (prices.length === 0) return null;
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  for (let power = 1; power < 12; power++) {
    for (const factor of [1, 2, 5]) {
      const step = factor * 10 ** power;
      if (Math.floor(max / step) - Math.floor(min / step) + 1 <= MAX_PRICE_RANGES) return step;
    }
  }
  return null;
}

/**
 * The facet index of a category from its members in listing order. Prices: each product's shown
 * price (what its card shows, "from" prices included); when any member's price is hidden from the
 * view (B2B Access), the index holds no price at all and offers neither the price filter nor the
 * price orders (DECISIONS.md 30), so nothing about a hidden price can be read from it.
 */
export function buildFacetIndex(categoryId: number, members: Product[], pageSize: number): FacetIndex {
  const candidates = [...collect(members).entries()]
    .filter(([, candidate]) => candidate.values.size <= MAX_FACET_VALUES && [...candidate.members.values()].some((carrying) => carrying.size < members.length))
    .sort(([, a], [, b]) => a.optionRank - b.optionRank || (a.option ? 0 : a.label.localeCompare(b.label, 'en')));
  const facets = candidates.map(([code, candidate]) => {
    const taken = new Set<string>();
    const values = orderedValues(candidate).map((label) => {
      let slug = valueSlug(label);
      for (let n = 2; taken.has(slug); n++) slug = `${valueSlug(label)}-${n}`;
      taken.add(slug);
      return { slug, label };
    });
    return { code, label: candidate.label, values };
  });
  const shown = members.map((product) => productPriceDisplay(product));
  const pricesShown = shown.every((display) => display.kind === 'price');
  return {
    categoryId,
    pageSize,
    facets,
    priceStep: pricesShown ? priceStep(shown.map((display) => (display.kind === 'price' ? display.amount : 0))) : null,
    products: members.map((product, position) => ({
      id: product.id,
      name: product.name,
      price: pricesShown && shown[position]!.kind === 'price' ? (shown[position] as { amount: number }).amount : null,
      inStock: product.stockStatus === 'in_stock',
      values: candidates.map(([, candidate], facet) =>
        facets[facet]!.values.flatMap((value, index) => (candidate.members.get(value.label)?.has(position) ? [index] : [])),
      ),
    })),
  };
}

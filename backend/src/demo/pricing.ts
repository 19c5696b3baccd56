import type { PriceSet, StoreCode } from './types.ts';

/** Store views and their database ids, fixed so price rows can name them. */
export const storeIds: Record<StoreCode, number> = { default: 1, au: 2 };
export const storeCodes: StoreCode[] = ['default', 'au'];

/** AUD prices are set from USD at this rate, then rounded the Australian way (…95). */
const audPerUsd = 1.55;

const cents = (value: number) => Math.round(value * 100) / 100;

/** US-style price points: 49.99. */
const usdPoint = (value: number) => cents(Math.max(1, Math.round(value)) - 0.01);
/** AU-style price points: 77.95. */
const audPoint = (value: number) => cents(Math.max(1, Math.ceil(value)) - 0.05);

/** Shelf prices in both stores for a USD list price. */
export function priceSet(usd: number): PriceSet {
  return { default: usdPoint(usd), au: audPoint(usd * audPerUsd) };
}

/** The same markdown in every store, landing on each store's price points. */
export function discounted(prices: PriceSet, ratio: number): PriceSet {
  return { default: usdPoint(prices.default * ratio), au: audPoint(prices.au * ratio) };
}

/** Round amounts (e.g. gift cards) that are chosen per store, not converted. */
export function fixedSet(usd: number, aud: number): PriceSet {
  return { default: usd, au: aud };
}

export function combine(sets: PriceSet[], reduce: (values: number[]) => number): PriceSet {
  const of = (code: StoreCode) => cents(reduce(sets.map((s) => s[code])));
  return { default: of('default'), au: of('au') };
}

export const lowest = (sets: PriceSet[]) => combine(sets, (values) => Math.min(...values));
export const total = (sets: PriceSet[]) => combine(sets, (values) => values.reduce((sum, v) => sum + v, 0));

/**
 * Price resolution (DECISIONS.md 60), pure: given what the caller's applying lists say about one SKU,
 * in the order the lists apply (the company's, then the group's), the price for a quantity and the
 * quantity rules. No I/O: the loader (caller-lists.ts) gathers the entries.
 */
import type { Tier } from '../tables.ts';

/** One applying list's line for a SKU. */
export interface ListEntry {
  listCode: string;
  tiers: readonly Tier[];
  minQty: number | null;
  maxQty: number | null;
  increment: number | null;
}

export interface QuantityRules {
  minQty: number;
  maxQty: number | null;
  increment: number;
}

export interface ListPrice {
  price: number;
  /** The list whose break gave the price (the first in order among equal prices). */
  listCode: string;
}

/**
 * The lowest tier price whose `minQty` the quantity reaches, across every entry; null when no break
 * is reached (then the catalog price stands). Lowest, not first: a buyer never pays more because a
 * group's list happens to come after the company's.
 */
export function listPriceFor(entries: readonly ListEntry[], qty: number): ListPrice | null {
  let best: ListPrice | null = null;
  for (const entry of entries) {
    for (const tier of entry.tiers) {
      if (tier.minQty <= qty && (best === null || tier.price < best.price)) best = { price: tier.price, listCode: entry.listCode };
    }
  }
  return best;
}

/**
 * The rules of the first entry (in list order) that states any; lists without rules leave the SKU's
 * quantity free. One list's rules, not a mix: a case size and a minimum belong together.
 */
export function quantityRulesOf(entries: readonly ListEntry[]): QuantityRules {
  const ruled = entries.find((entry) => entry.minQty !== null || entry.maxQty !== null || entry.increment !== null);
  return { minQty: ruled?.minQty ?? 1, maxQty: ruled?.maxQty ?? null, increment: ruled?.increment ?? 1 };
}

/** Which rule a quantity breaks, if any: the one a buyer fixes first (min, then max, then increment). */
export function brokenRule(rules: QuantityRules, qty: number): 'min' | 'max' | 'increment' | null {
  if (qty < rules.minQty) return 'min';
  if (rules.maxQty !== null && qty > rules.maxQty) return 'max';
  if (qty % rules.increment !== 0) return 'increment';
  return null;
}

/**
 * The caller's tier table: the price at each break any entry names (from the smallest quantity the
 * rules allow), leaving out breaks that do not lower the price. What a product page shows.
 */
export function tierTable(entries: readonly ListEntry[], rules: QuantityRules): Tier[] {
  const breaks = [...new Set([rules.minQty, ...entries.flatMap((entry) => entry.tiers.map((tier) => tier.minQty))])].filter((qty) => qty >= rules.minQty).sort((a, b) => a - b);
  const table: Tier[] = [];
  for (const minQty of breaks) {
    const found = listPriceFor(entries, minQty);
    if (found && (table.length === 0 || found.price < table[table.length - 1]!.price)) table.push({ minQty, price: found.price });
  }
  return table;
}

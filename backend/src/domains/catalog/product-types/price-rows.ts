/**
 * The rows the price index (products/price-index.ts) reads and writes, shared by the types' price
 * rules (`<type>/price.ts`): price rows with the special price as it applies today, children's
 * stock, the cheapest candidate, and the index's own columns.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { productLinks, productPrices, products } from '../../../platform/db/schema/index.ts';
import { activeSpecialPrice, finalPriceOf } from '../products/rows.ts';

export interface PriceRow {
  productId: number;
  storeId: number;
  price: number;
  /** The special price if it applies today (what comparisons use). */
  specialPrice: number | null;
  /** The special price as stored, with its days: what a configurable takes from its variant. */
  storedSpecialPrice: number | null;
  specialPriceFrom: string | null;
  specialPriceTo: string | null;
}

/** The price rows of `ids` in every store view, with the special price as it applies today. */
export function priceRowsOf(db: Db, ids: number[]): Promise<PriceRow[]> {
  return db
    .select({
      productId: productPrices.productId,
      storeId: productPrices.storeId,
      price: productPrices.price,
      specialPrice: activeSpecialPrice,
      storedSpecialPrice: productPrices.specialPrice,
      specialPriceFrom: productPrices.specialPriceFrom,
      specialPriceTo: productPrices.specialPriceTo,
    })
    .from(productPrices)
    .where(inArray(productPrices.productId, ids));
}

export interface ChildState {
  id: number;
  enabled: boolean;
  inStock: boolean;
  qty: number;
}

/** Cheapest of the candidates by final price at their quantity (a bundle selection's; else one), then by regular price, in stock first. */
export function cheapest<T extends { state: ChildState; price: PriceRow; qty?: number }>(candidates: T[]): T | undefined {
  const enabled = candidates.filter((c) => c.state.enabled);
  const inStock = enabled.filter((c) => c.state.inStock);
  const pool = inStock.length > 0 ? inStock : enabled;
  const final = (c: T) => finalPriceOf(c.price.price, c.price.specialPrice) * (c.qty ?? 1);
  return pool.reduce<T | undefined>((best, c) => (!best || final(c) < final(best) || (final(c) === final(best) && c.price.price < best.price.price) ? c : best), undefined);
}

type IndexValues = Partial<Pick<typeof productPrices.$inferInsert, 'price' | 'specialPrice' | 'specialPriceFrom' | 'specialPriceTo'>> & { minimalPrice: number };

export async function setIndex(db: Db, productId: number, storeId: number, values: IndexValues) {
  await db
    .update(productPrices)
    .set(values)
    .where(and(eq(productPrices.productId, productId), eq(productPrices.storeId, storeId)));
}

/** Stock and prices of the given products, for choosing among children. */
async function childData(db: Db, childIds: number[]) {
  if (childIds.length === 0) return { states: new Map<number, ChildState>(), prices: [] as PriceRow[] };
  const [stateRows, prices] = await Promise.all([
    db
      .select({ id: products.id, enabled: products.isEnabled, stockStatus: products.stockStatus, qty: products.qty })
      .from(products)
      .where(inArray(products.id, childIds)),
    priceRowsOf(db, childIds),
  ]);
  const states = new Map(stateRows.map((s) => [s.id, { id: s.id, enabled: s.enabled, inStock: s.stockStatus === 'in_stock' && s.qty > 0, qty: s.qty }]));
  return { states, prices };
}

/** The parents' price rows and, per store, their children that are sold there with their stock. */
export async function parentsAndPrices(db: Db, parentIds: number[], links: Array<{ parentId: number; childId: number }>) {
  const { states, prices } = await childData(db, links.map((l) => l.childId));
  const parentPrices = await priceRowsOf(db, parentIds);
  const candidatesOf = (storeId: number, childIds: number[]) =>
    childIds.flatMap((childId) => {
      const state = states.get(childId);
      const price = prices.find((p) => p.productId === childId && p.storeId === storeId);
      return state && price ? [{ state, price }] : [];
    });
  return { states, parentPrices, candidatesOf, linksOf: (parentId: number) => links.filter((l) => l.parentId === parentId).map((l) => l.childId) };
}

export async function childLinks(db: Db, parentIds: number[], linkType: 'variant' | 'grouped') {
  if (parentIds.length === 0) return [];
  return db
    .select({ parentId: productLinks.productId, childId: productLinks.linkedProductId })
    .from(productLinks)
    .where(and(inArray(productLinks.productId, parentIds), eq(productLinks.linkType, linkType)));
}

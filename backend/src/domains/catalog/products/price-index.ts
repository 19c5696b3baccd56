/**
 * The price index: the figures a listing shows and sorts by (`minimalPrice`, and for products priced
 * by their children also `price` and `specialPrice`) are derived from the prices a cart charges, so
 * the two never disagree. Every writer of prices or stock calls `reindexPrices` in the transaction of
 * its change, with the products it changed: their own index and that of every product priced from
 * them (the configurable owning a variant, the grouped products and bundles that sell them) is
 * recomputed from the current rows.
 *
 * Rules (the seeder's, DECISIONS.md's "from" prices):
 * - simple, virtual, downloadable: the product's own final price (links priced 0 come with it);
 * - configurable: the variant with the lowest final price among the enabled, in-stock variants
 *   sold in the store (all of them when none is in stock) lends the parent its price and special
 *   price; the parent's stock is the sum of its variants' and it is in stock when one of them is;
 * - grouped: the lowest final price of its members (in stock first);
 * - bundle: the cheapest complete choice: per required option, its selection (in stock first)
 *   cheapest at its quantity, as a cart charges it; without required options, the cheapest single
 *   selection;
 * - gift card: the lowest amount, or the open range's minimum when that is lower.
 *
 * "Final price" counts a special price only on its days (`activeSpecialPrice`), as of the reindex:
 * a configurable takes its chosen variant's special price with its days, so its record shows it
 * from and until the right day; which variant is cheapest and every `minimalPrice` are as of the
 * product's last reindex, which its saves do and the sale-days job (sale-days.ts) does when a sale
 * starts or ends.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { roundMoney } from '../../carts/money.ts';
import type { Db } from '../../../platform/db/database.ts';
import {
  bundleOptions,
  bundleSelections,
  giftcardPrices,
  giftcards,
  productLinks,
  productPrices,
  products,
  type ProductType,
} from '../../../platform/db/schema/index.ts';
import { activeSpecialPrice, finalPriceOf } from './rows.ts';

interface PriceRow {
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
function priceRowsOf(db: Db, ids: number[]): Promise<PriceRow[]> {
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

interface ChildState {
  id: number;
  enabled: boolean;
  inStock: boolean;
  qty: number;
}

/** Types whose figures come from other rows (their children or their amounts). */
export const derivedPriceTypes: ReadonlySet<ProductType> = new Set(['configurable', 'grouped', 'bundle', 'giftcard']);

/** The products priced from any of `ids` (configurable parents, grouped products, bundles). */
async function dependentsOf(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const [linked, bundles] = await Promise.all([
    db
      .select({ id: productLinks.productId })
      .from(productLinks)
      .where(and(inArray(productLinks.linkedProductId, ids), or(eq(productLinks.linkType, 'variant'), eq(productLinks.linkType, 'grouped')))),
    db
      .select({ id: bundleOptions.productId })
      .from(bundleSelections)
      .innerJoin(bundleOptions, eq(bundleOptions.id, bundleSelections.optionId))
      .where(inArray(bundleSelections.productId, ids)),
  ]);
  return [...linked, ...bundles].map((r) => r.id);
}

/** Cheapest of the candidates by final price at their quantity (a bundle selection's; else one), then by regular price, in stock first. */
function cheapest<T extends { state: ChildState; price: PriceRow; qty?: number }>(candidates: T[]): T | undefined {
  const enabled = candidates.filter((c) => c.state.enabled);
  const inStock = enabled.filter((c) => c.state.inStock);
  const pool = inStock.length > 0 ? inStock : enabled;
  const final = (c: T) => finalPriceOf(c.price.price, c.price.specialPrice) * (c.qty ?? 1);
  return pool.reduce<T | undefined>((best, c) => (!best || final(c) < final(best) || (final(c) === final(best) && c.price.price < best.price.price) ? c : best), undefined);
}

/**
 * Recomputes the price index of `productIds` and of every product priced from them, inside `db`
 * (pass the transaction of the change). Answers the ids of the products priced from them (not
 * `productIds` themselves): their records changed too, so the caller marks them updated and
 * announces them (an incremental sync reads products by `updatedAt`).
 */
export async function reindexPrices(db: Db, productIds: number[]): Promise<number[]> {
  const own = [...new Set(productIds)];
  const dependents = (await dependentsOf(db, own)).filter((id) => !own.includes(id));
  const affected = [...new Set([...own, ...dependents])];
  if (affected.length === 0) return [];
  const rows = await db.select({ id: products.id, type: products.type }).from(products).where(inArray(products.id, affected));
  const byType = (type: ProductType) => rows.filter((r) => r.type === type).map((r) => r.id);

  const selfPriced = rows.filter((r) => r.type === 'simple' || r.type === 'virtual' || r.type === 'downloadable').map((r) => r.id);
  if (selfPriced.length > 0) {
    const prices = await priceRowsOf(db, selfPriced);
    for (const p of prices) await setIndex(db, p.productId, p.storeId, { minimalPrice: finalPriceOf(p.price, p.specialPrice) });
  }
  // Configurables first: their stock is derived here, and nothing else depends on them.
  await reindexConfigurables(db, byType('configurable'));
  await reindexGrouped(db, byType('grouped'));
  await reindexBundles(db, byType('bundle'));
  await reindexGiftcards(db, byType('giftcard'));
  const unique = [...new Set(dependents)];
  if (unique.length > 0) await db.update(products).set({ updatedAt: new Date() }).where(inArray(products.id, unique));
  return unique;
}

type IndexValues = Partial<Pick<typeof productPrices.$inferInsert, 'price' | 'specialPrice' | 'specialPriceFrom' | 'specialPriceTo'>> & { minimalPrice: number };

async function setIndex(db: Db, productId: number, storeId: number, values: IndexValues) {
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
async function parentsAndPrices(db: Db, parentIds: number[], links: Array<{ parentId: number; childId: number }>) {
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

async function childLinks(db: Db, parentIds: number[], linkType: 'variant' | 'grouped') {
  if (parentIds.length === 0) return [];
  return db
    .select({ parentId: productLinks.productId, childId: productLinks.linkedProductId })
    .from(productLinks)
    .where(and(inArray(productLinks.productId, parentIds), eq(productLinks.linkType, linkType)));
}

async function reindexConfigurables(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  const { states, parentPrices, candidatesOf, linksOf } = await parentsAndPrices(db, ids, await childLinks(db, ids, 'variant'));
  for (const id of ids) {
    const variants = linksOf(id).flatMap((v) => states.get(v) ?? []).filter((s) => s.enabled);
    if (variants.length > 0) {
      const qty = variants.reduce((sum, v) => sum + v.qty, 0);
      const inStock = variants.some((v) => v.inStock);
      await db
        .update(products)
        .set({ qty, stockStatus: inStock ? 'in_stock' : 'out_of_stock' })
        .where(eq(products.id, id));
    }
    for (const parent of parentPrices.filter((p) => p.productId === id)) {
      const best = cheapest(candidatesOf(parent.storeId, linksOf(id)));
      if (!best) continue;
      await setIndex(db, id, parent.storeId, {
        price: best.price.price,
        specialPrice: best.price.storedSpecialPrice,
        specialPriceFrom: best.price.specialPriceFrom,
        specialPriceTo: best.price.specialPriceTo,
        minimalPrice: finalPriceOf(best.price.price, best.price.specialPrice),
      });
    }
  }
}

async function reindexGrouped(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  const { parentPrices, candidatesOf, linksOf } = await parentsAndPrices(db, ids, await childLinks(db, ids, 'grouped'));
  for (const parent of parentPrices) {
    const best = cheapest(candidatesOf(parent.storeId, linksOf(parent.productId)));
    if (best) await setIndex(db, parent.productId, parent.storeId, { minimalPrice: finalPriceOf(best.price.price, best.price.specialPrice) });
  }
}

async function reindexBundles(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  const selections = await db
    .select({ bundleId: bundleOptions.productId, optionId: bundleOptions.id, isRequired: bundleOptions.isRequired, childId: bundleSelections.productId, qty: bundleSelections.defaultQty })
    .from(bundleSelections)
    .innerJoin(bundleOptions, eq(bundleOptions.id, bundleSelections.optionId))
    .where(inArray(bundleOptions.productId, ids));
  const { parentPrices, candidatesOf } = await parentsAndPrices(
    db,
    ids,
    selections.map((s) => ({ parentId: s.bundleId, childId: s.childId })),
  );
  for (const parent of parentPrices) {
    const own = selections.filter((s) => s.bundleId === parent.productId);
    const cost = (options: typeof own): number | undefined => {
      const choices = options.flatMap((s) => candidatesOf(parent.storeId, [s.childId]).map((c) => ({ ...c, qty: s.qty })));
      const best = cheapest(choices);
      return best ? finalPriceOf(best.price.price, best.price.specialPrice) * best.qty : undefined;
    };
    const required = [...new Set(own.filter((s) => s.isRequired).map((s) => s.optionId))];
    const costs = required.length > 0 ? required.map((optionId) => cost(own.filter((s) => s.optionId === optionId))) : [cost(own)];
    if (costs.some((c) => c === undefined)) continue;
    const total = roundMoney(costs.reduce<number>((sum, c) => sum + (c ?? 0), 0));
    await setIndex(db, parent.productId, parent.storeId, { price: total, specialPrice: null, specialPriceFrom: null, specialPriceTo: null, minimalPrice: total });
  }
}

async function reindexGiftcards(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await db
    .select({ productId: giftcardPrices.productId, storeId: giftcardPrices.storeId, amounts: giftcardPrices.amounts, openMin: giftcardPrices.openAmountMin, open: giftcards.allowOpenAmount })
    .from(giftcardPrices)
    .innerJoin(giftcards, eq(giftcards.productId, giftcardPrices.productId))
    .where(inArray(giftcardPrices.productId, ids));
  for (const row of rows) {
    if (row.amounts.length === 0) continue;
    const lowestAmount = Math.min(...row.amounts);
    const minimalPrice = row.open && row.openMin !== null ? Math.min(lowestAmount, row.openMin) : lowestAmount;
    await setIndex(db, row.productId, row.storeId, { price: lowestAmount, minimalPrice });
  }
}

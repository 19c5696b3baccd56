/**
 * A bundle's price index: the cheapest complete choice. Per required option, its selection (in stock
 * first) cheapest at its quantity, as a cart charges it; without required options, the cheapest
 * single selection.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { bundleOptions, bundleSelections } from '../../../../platform/db/schema/index.ts';
import { roundMoney } from '../../../carts/money.ts';
import { finalPriceOf } from '../../products/rows.ts';
import { cheapest, parentsAndPrices, setIndex } from '../price-rows.ts';

export async function reindexBundles(db: Db, ids: number[]) {
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

/** A grouped product's price index: the lowest final price of its members, in stock first. */
import type { Db } from '../../../../platform/db/database.ts';
import { finalPriceOf } from '../../products/rows.ts';
import { cheapest, childLinks, parentsAndPrices, setIndex } from '../price-rows.ts';

export async function reindexGrouped(db: Db, ids: number[]) {
  const { parentPrices, candidatesOf, linksOf } = await parentsAndPrices(db, ids, await childLinks(db, ids, 'grouped'));
  for (const parent of parentPrices) {
    const best = cheapest(candidatesOf(parent.storeId, linksOf(parent.productId)));
    if (best) await setIndex(db, parent.productId, parent.storeId, { minimalPrice: finalPriceOf(best.price.price, best.price.specialPrice) });
  }
}

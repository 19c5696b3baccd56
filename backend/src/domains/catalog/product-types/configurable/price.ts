/**
 * A configurable's price index: the variant with the lowest final price among the enabled, in-stock
 * variants sold in the store (all of them when none is in stock) lends the parent its price and
 * special price with its days; the parent's stock is the sum of its variants' and it is in stock
 * when one of them is.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { products } from '../../../../platform/db/schema/index.ts';
import { finalPriceOf } from '../../products/rows.ts';
import { cheapest, childLinks, parentsAndPrices, setIndex } from '../price-rows.ts';

export async function reindexConfigurables(db: Db, ids: number[]) {
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

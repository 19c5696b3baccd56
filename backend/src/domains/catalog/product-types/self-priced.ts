/**
 * What simple, virtual and downloadable products share: they are priced and stocked by themselves,
 * their price rows are what the admin sets, and the price index takes their own final price.
 */
import type { Db } from '../../../platform/db/database.ts';
import type { products } from '../../../platform/db/schema/index.ts';
import type { ProductFields } from '../products/service.ts';
import type { PriceWriter } from './registry.ts';
import { priceRowsOf, setIndex } from './price-rows.ts';
import { finalPriceOf } from '../products/rows.ts';

/** The product's price rows: the price it was given, or each view's own. */
export async function createSelfPriced(_db: Db, _product: typeof products.$inferSelect, input: ProductFields, writePrices: PriceWriter): Promise<void> {
  await writePrices({ ...input, price: input.price! }, input.storeOverrides);
}

/** Its own final price (a downloadable's links priced 0 come with it). */
export async function reindexSelfPriced(db: Db, ids: number[]): Promise<void> {
  const prices = await priceRowsOf(db, ids);
  for (const p of prices) await setIndex(db, p.productId, p.storeId, { minimalPrice: finalPriceOf(p.price, p.specialPrice) });
}

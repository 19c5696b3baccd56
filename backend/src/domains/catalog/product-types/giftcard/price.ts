/** A gift card's price index: the lowest amount, or the open range's minimum when that is lower. */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { giftcardPrices, giftcards } from '../../../../platform/db/schema/index.ts';
import { setIndex } from '../price-rows.ts';

export async function reindexGiftcards(db: Db, ids: number[]) {
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

import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { giftcardPrices, giftcards } from '../../../../platform/db/schema/index.ts';
import type { ProductChildren } from '../../products/schemas.ts';

/** Gift card settings with the amounts offered in the store view. */
export async function loadGiftcardChildren(db: Db, storeId: number, parentIds: number[]): Promise<Map<number, ProductChildren>> {
  const rows = await db
    .select({ card: giftcards, prices: giftcardPrices })
    .from(giftcards)
    .leftJoin(giftcardPrices, and(eq(giftcardPrices.productId, giftcards.productId), eq(giftcardPrices.storeId, storeId)))
    .where(inArray(giftcards.productId, parentIds));
  return new Map(
    rows.map(({ card, prices }) => [
      card.productId,
      {
        giftcardType: card.giftcardType,
        giftcardAmounts: prices?.amounts ?? [],
        allowOpenAmount: card.allowOpenAmount,
        openAmountMin: card.allowOpenAmount ? (prices?.openAmountMin ?? null) : null,
        openAmountMax: card.allowOpenAmount ? (prices?.openAmountMax ?? null) : null,
      },
    ]),
  );
}

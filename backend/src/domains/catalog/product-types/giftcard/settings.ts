/**
 * A gift card's settings as the admin writes them (issue 17): its kind (virtual, physical or
 * combined), the fixed amounts offered and, when it takes an open amount, the range. The same
 * amounts are written for every store view (the seeder's per-view amounts come from import); its
 * prices are derived from them by the price index (price-index.ts), which this runs.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import type { Db } from '../../../../platform/db/database.ts';
import { giftcardPrices, giftcards, stores } from '../../../../platform/db/schema/index.ts';
import { reindexPrices } from '../../products/price-index.ts';
import { AppError } from '../../../../platform/errors.ts';

const Amount = z.number().min(0.01).max(99_999_999.99).multipleOf(0.01);

export const GiftcardSettings = z
  .object({
    giftcardType: z.enum(['virtual', 'physical', 'combined']).default('virtual').openapi({ description: 'virtual: sent by email; physical: shipped; combined: both.' }),
    amounts: z.array(Amount).min(1, 'At least one amount.').max(20).openapi({ description: 'The fixed amounts offered, in every store view\'s currency.' }),
    allowOpenAmount: z.boolean().default(false),
    openAmountMin: Amount.nullable().default(null),
    openAmountMax: Amount.nullable().default(null),
    storeAmounts: z
      .record(z.string().max(64), z.array(Amount).min(1, 'At least one amount.').max(20))
      .optional()
      .openapi({ description: 'A store view\'s own amounts in its currency, by its code (issue 33: A$40 where the default view offers $25); a view not named offers `amounts`.' }),
  })
  .strict()
  .superRefine((card, issues) => {
    const problem = (path: string, message: string) => issues.addIssue({ code: 'custom', path: [path], message });
    if (new Set(card.amounts).size !== card.amounts.length) problem('amounts', 'Each amount once.');
    for (const [code, amounts] of Object.entries(card.storeAmounts ?? {})) {
      if (new Set(amounts).size !== amounts.length) issues.addIssue({ code: 'custom', path: ['storeAmounts', code], message: 'Each amount once.' });
    }
    if (card.allowOpenAmount) {
      if (card.openAmountMin === null) problem('openAmountMin', 'Required with an open amount.');
      if (card.openAmountMax === null) problem('openAmountMax', 'Required with an open amount.');
      if (card.openAmountMin !== null && card.openAmountMax !== null && card.openAmountMin > card.openAmountMax) problem('openAmountMax', 'The largest open amount cannot be below the smallest.');
    } else {
      if (card.openAmountMin !== null) problem('openAmountMin', 'Only with allowOpenAmount.');
      if (card.openAmountMax !== null) problem('openAmountMax', 'Only with allowOpenAmount.');
    }
  })
  .openapi('GiftcardSettings');
export type GiftcardFields = z.infer<typeof GiftcardSettings>;

/** Writes (or replaces) the card's settings and its amounts in every store view (a view's own, else `amounts`), then its derived prices. */
export async function writeGiftcard(db: Db, productId: number, card: GiftcardFields): Promise<void> {
  const settings = { giftcardType: card.giftcardType, allowOpenAmount: card.allowOpenAmount };
  await db.insert(giftcards).values({ productId, ...settings }).onConflictDoUpdate({ target: giftcards.productId, set: settings });
  await db.delete(giftcardPrices).where(eq(giftcardPrices.productId, productId));
  const views = await db.select({ id: stores.id, code: stores.code }).from(stores);
  const unknown = Object.keys(card.storeAmounts ?? {}).filter((code) => !views.some((view) => view.code === code));
  if (unknown.length > 0) throw new AppError('invalid', 'validation_failed', `No store view ${unknown.join(', ')}.`, { field: `giftcard.storeAmounts.${unknown[0]}` });
  const sorted = (amounts: number[]) => [...amounts].sort((a, b) => a - b);
  await db.insert(giftcardPrices).values(
    views.map((view) => ({ productId, storeId: view.id, amounts: sorted(card.storeAmounts?.[view.code] ?? card.amounts), openAmountMin: card.openAmountMin, openAmountMax: card.openAmountMax })),
  );
  await reindexPrices(db, [productId]);
}

/** The settings of gift cards as the admin record shows them (the first store view's amounts, and each other view's own where they differ). */
export async function loadGiftcards(db: Db, ids: number[]): Promise<Map<number, GiftcardFields>> {
  if (ids.length === 0) return new Map();
  const [cards, prices] = await Promise.all([
    db.select().from(giftcards).where(inArray(giftcards.productId, ids)),
    db.select({ productId: giftcardPrices.productId, amounts: giftcardPrices.amounts, openAmountMin: giftcardPrices.openAmountMin, openAmountMax: giftcardPrices.openAmountMax, code: stores.code })
      .from(giftcardPrices)
      .innerJoin(stores, eq(stores.id, giftcardPrices.storeId))
      .where(inArray(giftcardPrices.productId, ids))
      .orderBy(asc(giftcardPrices.storeId)),
  ]);
  return new Map(
    cards.map((card) => {
      const own = prices.filter((row) => row.productId === card.productId);
      const [price] = own;
      const differing = own.filter((row) => row.amounts.join(',') !== price?.amounts.join(','));
      const storeAmounts = differing.length > 0 ? { storeAmounts: Object.fromEntries(differing.map((row) => [row.code, row.amounts])) } : {};
      return [
        card.productId,
        { giftcardType: card.giftcardType, allowOpenAmount: card.allowOpenAmount, amounts: price?.amounts ?? [], openAmountMin: price?.openAmountMin ?? null, openAmountMax: price?.openAmountMax ?? null, ...storeAmounts },
      ];
    }),
  );
}

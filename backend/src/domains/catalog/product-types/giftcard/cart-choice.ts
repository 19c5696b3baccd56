import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { giftcardPrices, giftcards } from '../../../../platform/db/schema/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { GiftcardConfiguration } from '../../../carts/configuration.ts';
import type { GiftcardChoiceSchema } from '../../../carts/schemas.ts';
import type { ChosenProduct } from '../../../carts/sellable-types.ts';
import type { z } from '@hono/zod-openapi';

const invalid = (code: string, message: string, field: string) => new AppError('invalid', code, message, { field: `giftcard.${field}` });

/** Cents, no more: an open amount of 25.005 is not money. */
const isWholeCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/**
 * A gift card's amount is one this store view offers, or within its open range when the card
 * allows one. Cards delivered by email (virtual, combined) need both email addresses.
 */
export async function chooseGiftcard(
  db: Db,
  storeId: number,
  product: ChosenProduct,
  chosen: z.infer<typeof GiftcardChoiceSchema> | undefined,
): Promise<GiftcardConfiguration> {
  if (!chosen) throw new AppError('invalid', 'giftcard_required', `Choose the amount and the recipient of ${product.sku}.`, { field: 'giftcard' });
  const [row] = await db
    .select({ card: giftcards, prices: giftcardPrices })
    .from(giftcards)
    .innerJoin(giftcardPrices, and(eq(giftcardPrices.productId, giftcards.productId), eq(giftcardPrices.storeId, storeId)))
    .where(eq(giftcards.productId, product.id));
  if (!row) throw new AppError('unprocessable', 'giftcard_not_available', `${product.sku} has no amounts in this store.`);

  const { card, prices } = row;
  const fixed = prices.amounts.includes(chosen.amount);
  const { openAmountMin: min, openAmountMax: max } = prices;
  const open = card.allowOpenAmount && min !== null && max !== null && chosen.amount >= min && chosen.amount <= max && isWholeCents(chosen.amount);
  if (!fixed && !open) {
    const range = card.allowOpenAmount && min !== null && max !== null ? `, or between ${min} and ${max}` : '';
    throw invalid('invalid_amount', `Choose an amount of ${prices.amounts.join(', ')}${range}.`, 'amount');
  }
  const byEmail = card.giftcardType !== 'physical';
  if (byEmail && !chosen.recipientEmail) throw invalid('recipient_email_required', 'Enter the recipient\'s email: this card is sent by email.', 'recipientEmail');
  if (byEmail && !chosen.senderEmail) throw invalid('sender_email_required', 'Enter your email: the card tells the recipient who sent it.', 'senderEmail');
  return {
    type: 'giftcard',
    amount: chosen.amount,
    senderName: chosen.senderName,
    senderEmail: chosen.senderEmail ?? null,
    recipientName: chosen.recipientName,
    recipientEmail: chosen.recipientEmail ?? null,
    message: chosen.message || null,
  };
}

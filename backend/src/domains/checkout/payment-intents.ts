import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { paymentIntents } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { toMinorUnits } from '../carts/money.ts';
import { paidStatuses, type IntentStatus, type PaymentProvider, type PaymentProviders, type ProviderIntent } from '../payments/provider.ts';

export function providerOf(payments: PaymentProviders, code: string | undefined): PaymentProvider {
  const provider = payments.get(code ?? payments.defaultCode);
  if (!provider) {
    throw new AppError('invalid', 'payment_method_unavailable', `Payment method "${code}" is not offered; see GET /payment-methods.`, [
      { location: 'json', field: 'paymentMethod', message: 'Not offered.' },
    ]);
  }
  return provider;
}

/** Creates an intent for the cart's total at the provider and keeps our copy to check at checkout. */
export async function createPaymentIntent(db: Db, provider: PaymentProvider, cartId: number, amount: number, currency: string, idempotencyKey: string) {
  const intent = await provider.createIntent({ amountMinor: toMinorUnits(amount), currency, cartId, idempotencyKey });
  await db.insert(paymentIntents).values({ id: intent.id, provider: provider.code, cartId, amount, currency, status: intent.status }).onConflictDoNothing();
  return intent;
}

export async function storedIntent(db: Db, id: string, cartId: number) {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.cartId, cartId)));
  if (!row) throw new AppError('not_found', 'payment_intent_not_found', 'No payment intent with that id for this cart.');
  return row;
}

export async function setIntentStatus(db: Db, id: string, status: IntentStatus): Promise<void> {
  await db.update(paymentIntents).set({ status }).where(eq(paymentIntents.id, id));
}

/**
 * The payment must be secured, by the provider named, for exactly this total: an intent made for a
 * smaller cart cannot pay for a bigger one.
 */
export async function verifyPayment(db: Db, provider: PaymentProvider, intentId: string, cartId: number, grandTotal: number, currency: string): Promise<void> {
  const row = await storedIntent(db, intentId, cartId);
  if (row.provider !== provider.code) throw new AppError('invalid', 'payment_method_mismatch', `The payment intent belongs to "${row.provider}".`);
  const stored: ProviderIntent = { id: row.id, clientSecret: null, status: row.status, amountMinor: toMinorUnits(row.amount), currency: row.currency };
  const current = await provider.retrieveIntent(intentId, stored);
  if (current.status !== row.status) await setIntentStatus(db, intentId, current.status);
  if (current.amountMinor !== toMinorUnits(grandTotal) || current.currency.toUpperCase() !== currency.toUpperCase()) {
    throw new AppError('conflict', 'payment_amount_mismatch', 'The cart total changed since the payment was made; create a new payment intent.');
  }
  if (!paidStatuses.has(current.status)) {
    throw new AppError('unprocessable', 'payment_not_completed', `The payment is not complete (status ${current.status}).`, { status: current.status });
  }
}

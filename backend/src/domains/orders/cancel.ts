/**
 * Canceling an order (issue 17), from its admin page and the admin API alike.
 *
 * An order whose payment is captured is not canceled while any of that money is kept: the admin
 * refunds what is left (refunds.ts), and the refund that completes a pending or processing order
 * cancels it and puts its items back in stock in the same transaction. This is what Magento-like
 * platforms do (no cancel of an invoiced order: a credit memo), and it keeps one path for money:
 * the refund, with its amount, reason, idempotency key and the provider's refusals shown where it
 * was asked. A cancel that refunded by itself would move money from a status button, and one that
 * ignored the payment would leave the customer charged for nothing. An order with no payment is
 * canceled at once. An order whose payment is only authorized (Stripe's `requires_capture`) has its
 * authorization released at the provider first, so the customer's card is no longer held; if the
 * provider refuses (it was captured meanwhile, or the provider is down) nothing changes and the
 * admin is told why.
 */
import { formatMoney } from '../../platform/money.ts';
import { eq } from 'drizzle-orm';
import { toMinorUnits } from '../carts/money.ts';
import { setIntentStatus } from '../checkout/payment-intents.ts';
import type { Db } from '../../platform/db/database.ts';
import { orderHistory, orders, paymentIntents, type OrderStatus } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProviderIntent } from '../payments/provider.ts';
import { cancelLockedOrder, isCancelable } from './admin-actions.ts';
import { fromMinorUnits } from './refund-entry.ts';
import { refundBalance, type RefundBalance, type RefundContext } from './refunds.ts';

export interface CancelRefusal {
  /** `not_cancelable`: complete or canceled already; `refund_required`: its captured payment is to be refunded instead. */
  error: 'not_cancelable' | 'refund_required';
  message: string;
}

export const maxCancelReasonLength = 1000;

/** Why the order cannot be canceled now, or null when it can. */
export function cancelRefusal(order: { status: OrderStatus; currency: string }, balance: RefundBalance): CancelRefusal | null {
  if (!isCancelable(order.status)) return { error: 'not_cancelable', message: `A ${order.status} order cannot be canceled.` };
  // A refundable balance means a captured payment with money left on it.
  if (balance.unrefundable === null) {
    const left = formatMoney(fromMinorUnits(balance.remainingMinor), order.currency);
    return {
      error: 'refund_required',
      message: `Its payment is captured: refund what is left (${left}) to cancel it. The refund that completes it cancels the order and puts its items back in stock.`,
    };
  }
  return null;
}

/** Cancels the order, or refuses (409) as {@link cancelRefusal} says; the order is locked, so a refund sent meanwhile waits. */
export async function cancelOrder(ctx: RefundContext, orderId: number, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'order_not_found', `No order ${orderId}.`);
    const refusal = cancelRefusal(order, await refundBalance(tx, order));
    if (refusal) throw new AppError('conflict', refusal.error, refusal.message);
    await releaseAuthorization(tx, ctx, order);
    await cancelLockedOrder(tx, ctx, order, reason.trim().slice(0, maxCancelReasonLength) || 'Canceled.');
  });
}

/** Releases the order's authorized (uncaptured) payment at its provider and records that it did; nothing for other payments. */
async function releaseAuthorization(tx: Db, ctx: RefundContext, order: typeof orders.$inferSelect): Promise<void> {
  if (order.paymentIntentId === null) return;
  const [stored] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, order.paymentIntentId));
  if (stored?.status !== 'requires_capture') return;
  const provider = ctx.payments.get(stored.provider);
  if (!provider) throw new AppError('unavailable', 'payment_provider_unavailable', `The order was paid through "${stored.provider}", which this backend does not offer now.`);
  const notReleased = (why: string, cause?: unknown) =>
    new AppError('upstream', 'provider_failed', `The payment provider did not release the authorized payment: ${why} The order was not canceled.`, { reference: stored.id }, { cause });
  const ours: ProviderIntent = { id: stored.id, clientSecret: null, status: stored.status, amountMinor: toMinorUnits(stored.amount), currency: stored.currency };
  let intent: ProviderIntent;
  try {
    intent = await provider.cancelIntent(stored.id, ours);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Stripe refuses to cancel what is canceled already (in its dashboard, or by a cancel whose answer
    // was lost): released either way.
    const now = await provider.retrieveIntent(stored.id, ours).catch(() => null);
    if (now?.status !== 'canceled') throw notReleased(error.message, error);
    intent = now;
  }
  if (intent.status !== 'canceled') throw notReleased(`the payment is ${intent.status} there.`);
  await setIntentStatus(tx, stored.id, 'canceled');
  await tx.insert(orderHistory).values({ orderId: order.id, kind: 'note', message: `The authorized payment ${stored.id} was released at ${provider.title}.`, actor: ctx.actor.email, createdAt: new Date() });
}

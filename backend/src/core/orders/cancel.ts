/**
 * Canceling an order (issue 17), from its admin page and the admin API alike.
 *
 * An order whose payment is captured is not canceled while any of that money is kept: the admin
 * refunds what is left (refunds.ts), and the refund that completes a pending or processing order
 * cancels it and puts its items back in stock in the same transaction. This is what Magento-like
 * platforms do (no cancel of an invoiced order: a credit memo), and it keeps one path for money:
 * the refund, with its amount, reason, idempotency key and the provider's refusals shown where it
 * was asked. A cancel that refunded by itself would move money from a status button, and one that
 * ignored the payment would leave the customer charged for nothing. An order with no captured
 * payment (none recorded, or only authorized) is canceled at once; nothing reaches the provider.
 */
import { eq } from 'drizzle-orm';
import { orders, type OrderStatus } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { cancelLockedOrder, isCancelable, type OrderActionContext } from './admin-actions.ts';
import { fromMinorUnits } from './refund-entry.ts';
import { refundBalance, type RefundBalance } from './refunds.ts';

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
    const left = `${fromMinorUnits(balance.remainingMinor).toFixed(2)} ${order.currency}`;
    return {
      error: 'refund_required',
      message: `Its payment is captured: refund what is left (${left}) to cancel it. The refund that completes it cancels the order and puts its items back in stock.`,
    };
  }
  return null;
}

/** Cancels the order, or refuses (409) as {@link cancelRefusal} says; the order is locked, so a refund sent meanwhile waits. */
export async function cancelOrder(ctx: OrderActionContext, orderId: number, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'order_not_found', `No order ${orderId}.`);
    const refusal = cancelRefusal(order, await refundBalance(tx, order));
    if (refusal) throw new AppError('conflict', refusal.error, refusal.message);
    await cancelLockedOrder(tx, ctx, order, reason.trim().slice(0, maxCancelReasonLength) || 'Canceled.');
  });
}

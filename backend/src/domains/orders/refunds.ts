/**
 * Refunds (issue 17): all or part of a paid order's payment given back through the provider that
 * took it, by the admin API and the order's admin page alike.
 *
 * - What has been refunded is the sum of the order's refund entries (refund-entry.ts); nothing is
 *   recorded unless the provider accepted the refund.
 * - Status: SPEC.md and DECISIONS.md say nothing of refunded orders, and the orders table's status
 *   check allows no `closed` (a new status needs a migration this change does not bring). So a
 *   partial refund keeps the status; a refund that completes it cancels a pending or processing
 *   order (nothing left to ship or charge), which puts its quantities back in stock through cancel's
 *   own path; a canceled order was restocked when canceled, and a complete one was shipped, so
 *   neither changes. Stock moves only with a cancellation, never twice.
 * - No email: the spec asks for none on a refund (the provider's receipt is the customer's).
 */
import { formatMoney } from '../../platform/money.ts';
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service.ts';
import { toMinorUnits } from '../carts/money.ts';
import type { Db } from '../../platform/db/database.ts';
import { orderHistory, orders, paymentIntents, type OrderStatus } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProviders, ProviderRefund } from '../payments/provider.ts';
import { formatTimestamp } from '../../platform/time.ts';
import { cancelLockedOrder, isCancelable, type OrderActionContext } from './admin-actions.ts';
import { decodeRefund, encodeRefund, fromMinorUnits, refundKind, type RefundEntry } from './refund-entry.ts';

export interface RefundContext extends OrderActionContext {
  payments: PaymentProviders;
}

export interface RefundRequest {
  /** In the order's currency; all that is left when absent. */
  amount?: number;
  reason?: string;
  /** The caller's key for this refund: asking again with it answers the refund made the first time. */
  idempotencyKey?: string;
}

export interface OrderRefund {
  /** The provider's reference. */
  id: string;
  orderId: number;
  orderNumber: string;
  amount: number;
  currency: string;
  status: RefundEntry['status'];
  reason: string;
  createdBy: string;
  createdAt: string;
  /** This refund and those before it. */
  refundedTotal: number;
  /** What was left to refund after it. */
  remaining: number;
  /** The order's status now. */
  orderStatus: OrderStatus;
}

export const maxReasonLength = 500;

type Order = typeof orders.$inferSelect;
export type RecordedRefund = RefundEntry & { actor: string; createdAt: Date };

/** The order's refunds, oldest first, with who made them and when. */
export async function recordedRefunds(db: Db, orderId: number): Promise<RecordedRefund[]> {
  const rows = await db
    .select()
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.kind, refundKind)))
    .orderBy(asc(orderHistory.id));
  return rows.flatMap((row) => {
    const entry = decodeRefund(row.message);
    return entry ? [{ ...entry, actor: row.actor, createdAt: row.createdAt }] : [];
  });
}

/** The payment a refund goes back to, or why there is none: only a captured card payment is refunded. */
async function refundablePayment(db: Db, order: Order): Promise<{ intentId: string } | { unrefundable: string }> {
  if (order.paymentIntentId === null) return { unrefundable: 'The order has no card payment to refund.' };
  const [intent] = await db.select({ status: paymentIntents.status }).from(paymentIntents).where(eq(paymentIntents.id, order.paymentIntentId));
  if (intent?.status !== 'succeeded') return { unrefundable: `The order's payment is not captured (${intent?.status ?? 'unknown'}), so there is nothing to refund.` };
  return { intentId: order.paymentIntentId };
}

export interface RefundBalance {
  /** Null when the order can be refunded. */
  unrefundable: string | null;
  refundedMinor: number;
  remainingMinor: number;
}

/** What an order's page shows: how much was refunded, how much is left, and whether a refund can be made. */
export async function refundBalance(db: Db, order: Order): Promise<RefundBalance> {
  const refundedMinor = sumOf(await recordedRefunds(db, order.id));
  const remainingMinor = Math.max(0, toMinorUnits(order.grandTotal) - refundedMinor);
  const payment = await refundablePayment(db, order);
  const unrefundable = 'unrefundable' in payment ? payment.unrefundable : remainingMinor === 0 ? 'The order is refunded in full.' : null;
  return { unrefundable, refundedMinor, remainingMinor };
}

const sumOf = (refunds: RefundEntry[]) => refunds.reduce((total, refund) => total + refund.amountMinor, 0);

function invalidField(field: 'amount' | 'reason', message: string): AppError {
  return new AppError('invalid', field === 'amount' ? 'invalid_amount' : 'invalid_request', message, [{ location: 'json', field, message }]);
}

/** The amount asked for in minor units: more than zero, whole cents, at most what is left. */
function amountToRefund(amount: number | undefined, remainingMinor: number, currency: string): number {
  if (amount === undefined) return remainingMinor;
  if (!Number.isFinite(amount) || amount <= 0) throw invalidField('amount', 'Refund more than 0.');
  const minor = toMinorUnits(amount);
  if (Math.abs(amount * 100 - minor) > 1e-6) throw invalidField('amount', 'Give the amount in whole cents, e.g. 12.50.');
  if (minor > remainingMinor) throw invalidField('amount', `At most ${formatMoney(fromMinorUnits(remainingMinor), currency)} is left to refund.`);
  return minor;
}

function refundOut(order: Order, refund: RecordedRefund, refundedMinor: number, orderStatus: OrderStatus): OrderRefund {
  return {
    id: refund.reference,
    orderId: order.id,
    orderNumber: order.number,
    amount: fromMinorUnits(refund.amountMinor),
    currency: refund.currency,
    status: refund.status,
    reason: refund.reason,
    createdBy: refund.actor,
    createdAt: formatTimestamp(refund.createdAt),
    refundedTotal: fromMinorUnits(refundedMinor),
    remaining: fromMinorUnits(Math.max(0, toMinorUnits(order.grandTotal) - refundedMinor)),
    orderStatus,
  };
}

const providerFailed = (message: string, details: unknown, cause?: unknown) =>
  new AppError('upstream', 'provider_failed', `The payment provider did not refund: ${message} Nothing was recorded as refunded.`, details, { cause });

/**
 * Refunds `request.amount` (all that is left when absent) of the order's payment at its provider and
 * records it. Answers `replayed` when the idempotency key names a refund already recorded.
 */
export async function refundOrder(ctx: RefundContext, orderId: number, request: RefundRequest): Promise<{ refund: OrderRefund; replayed: boolean }> {
  const reason = (request.reason ?? '').trim();
  if (reason.length > maxReasonLength) throw invalidField('reason', `At most ${maxReasonLength} characters.`);
  // The order stays locked over the provider's call (bounded by its timeout): two refunds of one
  // order wait for each other, so the second sees what the first left and none refunds past the total.
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'order_not_found', `No order ${orderId}.`);
    const refunds = await recordedRefunds(tx, order.id);
    const refundedMinor = sumOf(refunds);
    const earlier = request.idempotencyKey === undefined ? undefined : refunds.find((refund) => refund.key === request.idempotencyKey);
    if (earlier) return { refund: refundOut(order, earlier, sumOf(refunds.slice(0, refunds.indexOf(earlier) + 1)), order.status), replayed: true };

    const payment = await refundablePayment(tx, order);
    if ('unrefundable' in payment) throw new AppError('conflict', 'not_refundable', payment.unrefundable);
    const totalMinor = toMinorUnits(order.grandTotal);
    if (refundedMinor >= totalMinor) throw new AppError('conflict', 'not_refundable', 'The order is refunded in full already.');
    const amountMinor = amountToRefund(request.amount, totalMinor - refundedMinor, order.currency);
    const provider = ctx.payments.get(order.paymentMethod);
    if (!provider) throw new AppError('unavailable', 'payment_provider_unavailable', `The order was paid through "${order.paymentMethod}", which this backend does not offer now.`);

    // Without the caller's key, the refund's place among the order's refunds makes one: asking again
    // for the same refund after the provider did not answer sends the same key, and the provider
    // answers the refund it may have made instead of making a second. The amount is part of the
    // provider's key because Stripe refuses a key again with other parameters.
    const attempt = request.idempotencyKey === undefined ? `${refunds.length + 1}` : `key-${request.idempotencyKey}`;
    let result: ProviderRefund;
    try {
      const idempotencyKey = `order-${order.id}-refund-${attempt}-${amountMinor}`;
      result = await provider.refund({ paymentIntentId: payment.intentId, amountMinor, currency: order.currency, orderNumber: order.number, idempotencyKey });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw providerFailed(error.message, { providerError: error.code }, error);
    }
    if (result.status === 'failed' || result.status === 'canceled') throw providerFailed(`the refund is ${result.status}.`, { reference: result.id, status: result.status });

    const entry: RefundEntry = { amountMinor: result.amountMinor, currency: order.currency, reference: result.id, status: result.status, reason, key: request.idempotencyKey ?? null };
    const recorded: RecordedRefund = { ...entry, actor: ctx.actor.email, createdAt: new Date() };
    await tx.insert(orderHistory).values({ orderId: order.id, kind: refundKind, message: encodeRefund(entry), actor: recorded.actor, createdAt: recorded.createdAt });
    const refundedAfter = refundedMinor + result.amountMinor;
    await recordAudit(tx, {
      actor: ctx.actor,
      module: 'core',
      action: 'order.refunded',
      subject: `order:${order.id}`,
      diff: { refunded: { from: fromMinorUnits(refundedMinor), to: fromMinorUnits(refundedAfter) }, reference: { from: null, to: result.id } },
    });
    let status = order.status;
    if (refundedAfter >= totalMinor && isCancelable(order.status)) {
      await cancelLockedOrder(tx, ctx, order, 'Refunded in full.');
      status = 'canceled';
    }
    return { refund: refundOut(order, recorded, refundedAfter, status), replayed: false };
  });
}

/**
 * An order as the admin sees it (issue 17): the record with its lines and addresses, its payment and
 * what was refunded of it, its history, and whether it can be canceled. The order's admin page draws
 * it and `GET /api/rest/v2/admin/orders/{id}` answers it, so both tell the same.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { orders, paymentIntents } from '../../platform/db/schema/index.ts';
import { formatTimestamp } from '../../platform/time.ts';
import { orderHistoryOf } from './admin-actions.ts';
import { cancelRefusal } from './cancel.ts';
import { orderRecords } from './load.ts';
import { customerNameOf } from './order-search.ts';
import { fromMinorUnits } from './refund-entry.ts';
import { recordedRefunds, refundBalance, type RecordedRefund, type RefundBalance } from './refunds.ts';

type OrderRow = typeof orders.$inferSelect;

async function paymentIntentOf(db: Db, id: string | null) {
  if (id === null) return undefined;
  const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return intent;
}

/**
 * The order's payments: its one payment intent, when it has one (checkout takes one card payment
 * per order). `remaining` is what can still be refunded, so 0 unless the payment is captured.
 */
function paymentsOf(row: OrderRow, intent: Awaited<ReturnType<typeof paymentIntentOf>>, balance: RefundBalance, refunds: RecordedRefund[]) {
  if (row.paymentIntentId === null) return [];
  return [
    {
      provider: row.paymentMethod,
      reference: row.paymentIntentId,
      amount: intent?.amount ?? row.grandTotal,
      currency: intent?.currency ?? row.currency,
      status: intent?.status ?? null,
      refundedTotal: fromMinorUnits(balance.refundedMinor),
      remaining: fromMinorUnits(balance.unrefundable === null ? balance.remainingMinor : 0),
      refunds: refunds.map((refund) => ({
        id: refund.reference,
        amount: fromMinorUnits(refund.amountMinor),
        status: refund.status,
        reason: refund.reason,
        createdBy: refund.actor,
        createdAt: formatTimestamp(refund.createdAt),
      })),
    },
  ];
}

/** The order as the admin sees it, with the row and refund balance the page's forms need; undefined when there is no such order. */
export async function loadAdminOrder(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) return undefined;
  const [[record], history, balance, refunds, intent] = await Promise.all([
    orderRecords(db, [row]),
    orderHistoryOf(db, row.id),
    refundBalance(db, row),
    recordedRefunds(db, row.id),
    paymentIntentOf(db, row.paymentIntentId),
  ]);
  if (!record) return undefined;
  const order = {
    ...record,
    customerId: row.customerId,
    customerName: customerNameOf(row),
    payments: paymentsOf(row, intent, balance, refunds),
    history,
    cancelRefusal: cancelRefusal(row, balance),
  };
  return { row, balance, order };
}

export type AdminOrderView = NonNullable<Awaited<ReturnType<typeof loadAdminOrder>>>['order'];

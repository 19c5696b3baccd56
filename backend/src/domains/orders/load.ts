import { asc, desc, eq, inArray } from 'drizzle-orm';
import { groupBy } from '../../platform/collections.ts';
import type { Db } from '../../platform/db/database.ts';
import { mailOutbox, orderLines, orders } from '../../platform/db/schema/index.ts';
import { formatTimestamp } from '../../platform/time.ts';

type OrderRow = typeof orders.$inferSelect;

/** Orders as on the wire, lines included, with two queries whatever the count. */
export async function orderRecords(db: Db, rows: OrderRow[]) {
  const ids = rows.map((r) => r.id);
  const lines = ids.length === 0 ? [] : await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id));
  const byOrder = groupBy(lines, (l) => l.orderId);
  return rows.map((order) => ({
    id: order.id,
    number: order.number,
    status: order.status,
    email: order.email,
    currency: order.currency,
    subtotal: order.subtotal,
    shippingAmount: order.shippingAmount,
    grandTotal: order.grandTotal,
    shippingMethod: order.shippingMethod,
    paymentMethod: order.paymentMethod,
    purchaseOrder: order.poNumber === null || order.paymentDueAt === null ? null : { poNumber: order.poNumber, paymentDueAt: formatTimestamp(order.paymentDueAt) },
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    lines: (byOrder.get(order.id) ?? []).map((l) => ({ sku: l.sku, name: l.name, options: l.options, configuration: l.configuration, qty: l.qty, price: l.price, rowTotal: l.rowTotal })),
    createdAt: formatTimestamp(order.createdAt),
  }));
}

export async function orderRecordById(db: Db, id: number) {
  const rows = await db.select().from(orders).where(eq(orders.id, id));
  const [record] = await orderRecords(db, rows);
  return record;
}

export function customerOrdersQuery(db: Db, customerId: number) {
  return db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.id));
}

/** An order as its success page shows it: with the outbox status of its confirmation email. */
export async function placedOrderView(db: Db, id: number) {
  const rows = await db.select().from(orders).where(eq(orders.id, id));
  const [record] = await orderRecords(db, rows);
  const [row] = rows;
  if (!record || !row) return undefined;
  const [mail] = row.confirmationMailId === null ? [] : await db.select({ to: mailOutbox.to, status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, row.confirmationMailId));
  return { ...record, confirmationEmail: mail ?? { to: record.email, status: 'none' as const } };
}

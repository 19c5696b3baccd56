/**
 * What the admin does with a placed order (issue 17): add a note, cancel it. Canceling puts the
 * ordered quantities back in stock (the products still there), records who did it, and announces
 * the products so the storefront shows their stock again. Both are kept in the order's history and
 * the audit log. When an order may be canceled is cancel.ts; refunds, which reach the payment
 * provider, are refunds.ts.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service.ts';
import type { Db } from '../../platform/db/database.ts';
import { orderHistory, orderLines, orders, products, type OrderStatus } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Notifications } from '../../platform/events/notifications.ts';
import { formatTimestamp } from '../../platform/time.ts';
import { decodeRefund, describeRefund, refundKind } from './refund-entry.ts';

export interface OrderActionContext {
  db: Db;
  notifications: Notifications;
  actor: { id: number; email: string };
}

const CANCELABLE: OrderStatus[] = ['pending', 'processing'];

export async function orderHistoryOf(db: Db, orderId: number) {
  const rows = await db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.id));
  return rows.map((row) => {
    const refund = row.kind === refundKind ? decodeRefund(row.message) : undefined;
    return { kind: row.kind, message: refund ? describeRefund(refund) : row.message, actor: row.actor, createdAt: formatTimestamp(row.createdAt) };
  });
}

export const maxNoteLength = 5000;

export async function addOrderNote(ctx: OrderActionContext, orderId: number, message: string): Promise<void> {
  const text = message.trim();
  if (text === '' || text.length > maxNoteLength) throw new AppError('invalid', 'invalid_request', 'A note has 1 to 5,000 characters.', [{ location: 'form', field: 'note', message: 'Write a note.' }]);
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError('not_found', 'order_not_found', `No order ${orderId}.`);
    await tx.insert(orderHistory).values({ orderId, kind: 'note', message: text, actor: ctx.actor.email, createdAt: new Date() });
    await recordAudit(tx, { actor: ctx.actor, module: 'core', action: 'order.note_added', subject: `order:${orderId}` });
  });
}

export const isCancelable = (status: OrderStatus): boolean => CANCELABLE.includes(status);

/**
 * Cancels an order the open transaction has locked and found cancelable: its quantities go back in
 * stock, the products are announced, and the history and audit log say who did it and why.
 */
export async function cancelLockedOrder(tx: Db, ctx: OrderActionContext, order: { id: number; status: OrderStatus }, message: string): Promise<void> {
  await tx.update(orders).set({ status: 'canceled' }).where(eq(orders.id, order.id));
  const lines = await tx.select({ productId: orderLines.productId, qty: orderLines.qty }).from(orderLines).where(eq(orderLines.orderId, order.id));
  for (const line of lines) {
    if (line.productId === null) continue;
    const restocked = await tx
      .update(products)
      .set({ qty: sql`${products.qty} + ${line.qty}`, stockStatus: 'in_stock', updatedAt: new Date() })
      .where(eq(products.id, line.productId))
      .returning({ id: products.id });
    for (const { id } of restocked) await ctx.notifications.publish(tx, 'catalog_product_saved', { productId: id });
  }
  await tx.insert(orderHistory).values({ orderId: order.id, kind: 'canceled', message, actor: ctx.actor.email, createdAt: new Date() });
  await recordAudit(tx, { actor: ctx.actor, module: 'core', action: 'order.canceled', subject: `order:${order.id}`, diff: { status: { from: order.status, to: 'canceled' } } });
}

/**
 * What the admin does with a placed order (issue 17): add a note, cancel it. Canceling puts the
 * ordered quantities back in stock (the products still there), records who did it, and announces
 * the products so the storefront shows their stock again. Both are kept in the order's history and
 * the audit log.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import { orderHistory, orderLines, orders, products } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Notifications } from '../events/notifications.ts';
import { formatTimestamp } from '../time.ts';

export interface OrderActionContext {
  db: Db;
  notifications: Notifications;
  actor: { id: number; email: string };
}

const CANCELABLE = ['pending', 'processing'];

export async function orderHistoryOf(db: Db, orderId: number) {
  const rows = await db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.id));
  return rows.map((row) => ({ kind: row.kind, message: row.message, actor: row.actor, createdAt: formatTimestamp(row.createdAt) }));
}

export async function addOrderNote(ctx: OrderActionContext, orderId: number, message: string): Promise<void> {
  const text = message.trim();
  if (text === '' || text.length > 5000) throw new AppError('invalid', 'invalid_request', 'A note has 1 to 5,000 characters.', [{ location: 'form', field: 'note', message: 'Write a note.' }]);
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError('not_found', 'not_found', `No order ${orderId}.`);
    await tx.insert(orderHistory).values({ orderId, kind: 'note', message: text, actor: ctx.actor.email, createdAt: new Date() });
    await recordAudit(tx, { actor: ctx.actor, module: 'core', action: 'order.note_added', subject: `order:${orderId}` });
  });
}

export async function cancelOrder(ctx: OrderActionContext, orderId: number, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'not_found', `No order ${orderId}.`);
    if (!CANCELABLE.includes(order.status)) throw new AppError('conflict', 'not_cancelable', `A ${order.status} order cannot be canceled.`);
    await tx.update(orders).set({ status: 'canceled' }).where(eq(orders.id, orderId));
    const lines = await tx.select({ productId: orderLines.productId, qty: orderLines.qty }).from(orderLines).where(eq(orderLines.orderId, orderId));
    for (const line of lines) {
      if (line.productId === null) continue;
      const restocked = await tx
        .update(products)
        .set({ qty: sql`${products.qty} + ${line.qty}`, stockStatus: 'in_stock', updatedAt: new Date() })
        .where(eq(products.id, line.productId))
        .returning({ id: products.id });
      for (const { id } of restocked) await ctx.notifications.publish(tx, 'catalog_product_saved', { productId: id });
    }
    const message = reason.trim().slice(0, 1000) || 'Canceled.';
    await tx.insert(orderHistory).values({ orderId, kind: 'canceled', message, actor: ctx.actor.email, createdAt: new Date() });
    await recordAudit(tx, { actor: ctx.actor, module: 'core', action: 'order.canceled', subject: `order:${orderId}`, diff: { status: { from: order.status, to: 'canceled' } } });
  });
}

/**
 * Marking an order shipped, which completes it (issue 17's order actions; nothing else ever moved an
 * order to `complete`). SPEC.md and DECISIONS.md say nothing of shipments, so this is the smallest
 * thing a merchant expects: the status, an optional tracking reference in the history, and an email
 * to the customer. Only a processing order ships: a pending one awaits its payment, and a complete or
 * canceled one is done. The shipment email is written to the outbox in the same transaction as the
 * status, so it exists if and only if the order shipped, and its delivery happens later.
 */
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service.ts';
import { orderHistory, orders, stores } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { renderTemplate, shopText, type MailTemplate } from '../../platform/mail/template.ts';
import type { OrderActionContext } from './admin-actions.ts';
import { shipmentKind, shipmentNote } from './shipment-note.ts';

export const maxTrackingLength = 200;

export const shipmentEmailTemplate: MailTemplate = {
  subject: 'Your order {{orderNumber}} at {{storeName}} is on its way',
  body: `Hello {{name}},

your order {{orderNumber}} at {{storeName}} has shipped.

{{tracking}}

{{storeName}}
{{shopUrl}}`,
};

export interface ShipContext extends OrderActionContext {
  mailer: Mailer;
}

/**
 * A processing order ships; so does a pending one paid on account (a purchase order on net terms:
 * the goods go out before the money comes in, which is what the terms are for).
 */
export const isShippable = (order: { status: string; onAccount: boolean }): boolean => order.status === 'processing' || (order.status === 'pending' && order.onAccount);

/** Ships (completes) a shippable order, or refuses with 409 `not_shippable` saying why. */
export async function shipOrder(ctx: ShipContext, orderId: number, tracking: string): Promise<void> {
  const reference = tracking.trim();
  if (reference.length > maxTrackingLength) {
    throw new AppError('invalid', 'invalid_request', `At most ${maxTrackingLength} characters.`, [{ location: 'json', field: 'tracking', message: `At most ${maxTrackingLength} characters.` }]);
  }
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'order_not_found', `No order ${orderId}.`);
    if (!isShippable({ status: order.status, onAccount: order.paymentDueAt !== null })) {
      const why = order.status === 'pending' ? 'it awaits its payment' : `it is ${order.status}`;
      throw new AppError('conflict', 'not_shippable', `Only a processing order ships: ${why}.`);
    }
    await tx.update(orders).set({ status: 'complete' }).where(eq(orders.id, order.id));
    await tx.insert(orderHistory).values({ orderId: order.id, kind: shipmentKind, message: shipmentNote(reference), actor: ctx.actor.email, createdAt: new Date() });
    await recordAudit(tx, { actor: ctx.actor, module: 'core', action: 'order.shipped', subject: `order:${order.id}`, diff: { status: { from: order.status, to: 'complete' } } });
    const [store] = await tx.select().from(stores).where(eq(stores.id, order.storeId));
    const mail = renderTemplate(shipmentEmailTemplate, {
      name: order.shippingAddress.firstName,
      orderNumber: order.number,
      storeName: store?.name ?? '',
      tracking: reference ? `Tracking: ${reference}` : 'It will be with you soon.',
      shopUrl: shopText(ctx.mailer.storefrontUrl('/', store?.code)),
    });
    await ctx.mailer.enqueue(tx, { kind: 'order_shipped', to: order.email, storeId: order.storeId, ...mail });
  });
}

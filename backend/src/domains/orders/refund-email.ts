/**
 * The email a refund sends its customer (issue 33 item 11): how much went back, and whether that
 * was all of the order or how much of it was refunded so far. It is written to the outbox in the
 * refund's own transaction, so it exists if and only if the refund was recorded. A refund still
 * under way at the provider is announced too, since the shop has given it: banks take days either way.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { orders, stores } from '../../platform/db/schema/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { renderTemplate, shopText, type MailTemplate } from '../../platform/mail/template.ts';
import { formatMoney } from '../../platform/money-format.ts';
import { fromMinorUnits } from './refund-entry.ts';

export const refundEmailTemplate: MailTemplate = {
  subject: 'A refund for your order {{orderNumber}} at {{storeName}}',
  body: `Hello {{name}},

We have refunded {{amount}} for your order {{orderNumber}} to the card you paid with. Your bank may take a few days to show it.

{{balance}}

Your order: {{orderUrl}}

{{storeName}}
{{shopUrl}}`,
};

type Order = typeof orders.$inferSelect;

export interface RefundMailFacts {
  amountMinor: number;
  /** Refunded so far, this refund included. */
  refundedMinor: number;
  totalMinor: number;
}

/** Writes the refund email to the outbox with `tx`, the refund's transaction. */
export async function enqueueRefundEmail(tx: Db, mailer: Mailer, order: Order, facts: RefundMailFacts): Promise<void> {
  const [store] = await tx.select().from(stores).where(eq(stores.id, order.storeId));
  const money = (minor: number) => formatMoney(fromMinorUnits(minor), order.currency, store?.locale);
  const balance =
    facts.refundedMinor >= facts.totalMinor
      ? `That is the whole of your order's ${money(facts.totalMinor)}.`
      : `So far ${money(facts.refundedMinor)} of your order's ${money(facts.totalMinor)} has been refunded.`;
  // A customer's order opens on their account page; a guest's through the order lookup.
  const orderPath = order.customerId === null ? '/orders/lookup' : `/account/orders/${encodeURIComponent(order.number)}`;
  const mail = renderTemplate(refundEmailTemplate, {
    name: order.shippingAddress.firstName,
    orderNumber: order.number,
    storeName: store?.name ?? '',
    amount: money(facts.amountMinor),
    balance,
    orderUrl: shopText(mailer.storefrontUrl(orderPath, store?.code)),
    shopUrl: shopText(mailer.storefrontUrl('/', store?.code)),
  });
  await mailer.enqueue(tx, { kind: 'order_refunded', to: order.email, storeId: order.storeId, ...mail });
}

import type { Db } from '../../platform/db/database.ts';
import type { AddressSnapshot } from '../../platform/db/schema/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { renderTemplate, shopText, type MailTemplate } from '../../platform/mail/template.ts';
import type { StoreView } from '../stores/store-view.ts';

export const orderConfirmationTemplate: MailTemplate = {
  subject: 'Your order {{orderNumber}} at {{storeName}}',
  body: `Hello {{name}},

thank you for your order at {{storeName}}. We have received it and are getting it ready.

Order {{orderNumber}}

{{lines}}

Subtotal: {{subtotal}}
Shipping ({{shippingMethod}}): {{shipping}}
Total: {{total}}

It ships to:
{{shippingAddress}}

{{followUp}}

{{storeName}}
{{shopUrl}}`,
};

export interface ConfirmedOrder {
  number: string;
  email: string;
  customerId: number | null;
  currency: string;
  lines: ReadonlyArray<{ name: string; sku: string; options: Record<string, string>; qty: number; rowTotal: number }>;
  subtotal: number;
  shippingAmount: number;
  grandTotal: number;
  shippingTitle: string;
  shippingAddress: AddressSnapshot;
}

function moneyFormat(store: StoreView, currency: string): (amount: number) => string {
  const format = new Intl.NumberFormat(store.locale.replace('_', '-'), { style: 'currency', currency });
  return (amount) => format.format(amount);
}

function addressLines(a: AddressSnapshot): string {
  return [
    `${a.firstName} ${a.lastName}`,
    a.company,
    ...a.street,
    [a.postcode, a.city].join(' ') + (a.region ? `, ${a.region}` : ''),
    a.countryId,
  ]
    .filter((line): line is string => Boolean(line))
    .join('\n');
}

/**
 * Writes the order confirmation to the outbox with `tx`, the place-order transaction: the email
 * exists if and only if the order does, and its delivery happens later (a refused email never
 * undoes the order). Answers the outbox row's id.
 */
export async function enqueueOrderConfirmation(tx: Db, mailer: Mailer, store: StoreView, order: ConfirmedOrder): Promise<number> {
  const money = moneyFormat(store, order.currency);
  const lines = order.lines.map((line) => {
    const options = Object.entries(line.options).map(([label, value]) => `${label}: ${value}`);
    return `${line.qty} × ${line.name}${options.length > 0 ? ` (${options.join(', ')})` : ''}  ${money(line.rowTotal)}`;
  });
  const followUp =
    order.customerId === null
      ? `Questions about your order? Write to ${store.contactEmail}.`
      : `Your orders are in your account: ${mailer.storefrontUrl('/account', store.code)}`;
  const mail = renderTemplate(orderConfirmationTemplate, {
    name: order.shippingAddress.firstName,
    storeName: store.name,
    orderNumber: order.number,
    lines: lines.join('\n'),
    subtotal: money(order.subtotal),
    shippingMethod: order.shippingTitle,
    shipping: money(order.shippingAmount),
    total: money(order.grandTotal),
    shippingAddress: addressLines(order.shippingAddress),
    followUp: shopText(followUp),
    shopUrl: shopText(mailer.storefrontUrl('/', store.code)),
  });
  return mailer.enqueue(tx, { kind: 'order_confirmation', to: order.email, storeId: store.id, ...mail });
}

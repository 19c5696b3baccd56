import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LineConfiguration } from '../../../domains/carts/configuration.ts';
import type { IntentStatus } from '../../../domains/payments/provider.ts';
import { id, instant, money } from './columns.ts';
import { customers } from './customers.ts';
import { mailOutbox } from './mail.ts';
import { products } from './products.ts';
import { stores } from './stores.ts';

export interface AddressSnapshot {
  firstName: string;
  lastName: string;
  company?: string | null;
  street: string[];
  city: string;
  region?: string | null;
  postcode: string;
  countryId: string;
  telephone?: string | null;
}

export const orderStatuses = ['pending', 'processing', 'complete', 'canceled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * Orders are written once by checkout. ownerKey + idempotencyKey is unique, so a retried place-order
 * finds the order of its first attempt instead of making a second one.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    number: text().notNull().unique(),
    storeId: integer()
      .notNull()
      .references(() => stores.id),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    email: text().notNull(),
    status: text().$type<OrderStatus>().notNull().default('pending'),
    currency: text().notNull(),
    subtotal: money().notNull(),
    shippingAmount: money().notNull(),
    grandTotal: money().notNull(),
    shippingMethod: text().notNull(),
    paymentMethod: text().notNull(),
    paymentIntentId: text(),
    /**
     * Orders paid on account (a module's method such as B2B Pricing's purchase order): the buyer's
     * purchase-order number and the day payment is due. Null for card payments.
     */
    poNumber: text(),
    paymentDueAt: instant(),
    shippingAddress: jsonb().$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb().$type<AddressSnapshot>().notNull(),
    /** "customer:<id>" or "cart:<id>": whose retry an idempotency key belongs to. */
    ownerKey: text().notNull(),
    idempotencyKey: text().notNull(),
    /** The cart the order was placed from. */
    cartId: integer().notNull(),
    /** The order confirmation in the outbox (its status says whether it is on its way). */
    confirmationMailId: integer().references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('pending','processing','complete','canceled')`),
    uniqueIndex('orders_idempotency').on(t.ownerKey, t.idempotencyKey),
    index().on(t.customerId),
    // Guest orders are found by their email when a customer links them to the account.
    index().on(t.email),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    sku: text().notNull(),
    name: text().notNull(),
    /** Labels of what was chosen, as the cart showed them. */
    options: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The cart line's configuration, kept for fulfilment (links to unlock, the gift card to send). */
    configuration: jsonb().$type<LineConfiguration>(),
    qty: integer().notNull(),
    price: money().notNull(),
    rowTotal: money().notNull(),
  },
  (t) => [index().on(t.orderId)],
);

/** Payment intents created through the store, whatever the provider; checkout checks them against the cart. */
export const paymentIntents = pgTable('payment_intents', {
  id: text().primaryKey(),
  provider: text().notNull(),
  cartId: integer().notNull(),
  amount: money().notNull(),
  currency: text().notNull(),
  /** Mirrors the provider's status at the last look (the test provider keeps its state here). */
  status: text().$type<IntentStatus>().notNull(),
  createdAt: instant().notNull().defaultNow(),
});

/** What happened to an order after checkout (issue 17): the admin's notes and status changes, newest last. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `note` or `canceled`. */
    kind: text().notNull(),
    message: text().notNull(),
    /** Who: the admin's email. */
    actor: text().notNull(),
    createdAt: instant().notNull(),
  },
  (t) => [index().on(t.orderId)],
);

import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { LineConfiguration } from '../../../domains/carts/configuration.ts';
import { id, timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { products } from './products.ts';
import { stores } from './stores.ts';

/**
 * A customer's cart is found by customer id, a guest's by the SHA-256 of its X-Cart-Token (the token
 * itself is never stored). A cart is "active" until an order consumes it.
 */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    guestTokenHash: text().unique(),
    status: text().$type<'active' | 'ordered' | 'merged'>().notNull().default('active'),
    ...timestamps(),
  },
  (t) => [
    check('carts_status_check', sql`${t.status} in ('active','ordered','merged')`),
    // One active cart per customer and store.
    uniqueIndex('carts_active_customer').on(t.customerId, t.storeId).where(sql`${t.status} = 'active' and ${t.customerId} is not null`),
  ],
);

/** productId is what is sold (the variant for configurables); parentId the configurable it was picked from. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    parentId: integer().references(() => products.id, { onDelete: 'cascade' }),
    /** Chosen configurable options, attribute code → value index. */
    options: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** Bundle selections, download links or gift card details; null for the other types. */
    configuration: jsonb().$type<LineConfiguration>(),
    qty: integer().notNull(),
    ...timestamps(),
  },
  (t) => [check('cart_items_qty_check', sql`${t.qty} > 0`), index().on(t.cartId)],
);

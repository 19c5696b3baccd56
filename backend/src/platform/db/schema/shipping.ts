import { jsonb, integer, pgTable } from 'drizzle-orm/pg-core';
import { instant, money } from './columns.ts';
import { stores } from './stores.ts';

/**
 * A store view's shipping rules, in the store's currency (edited on the admin page Stores →
 * Shipping and at /admin/shipping): one flat rate, free shipping from a subtotal (null: never), and
 * a per-country table with a rate for every other country.
 */
export const shippingSettings = pgTable('shipping_settings', {
  storeId: integer()
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  flatRate: money().notNull(),
  freeShippingThreshold: money(),
  /** ISO country code → rate. */
  countryRates: jsonb().$type<Record<string, number>>().notNull(),
  otherCountriesRate: money().notNull(),
  updatedAt: instant().notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/** Store views: one catalog, per-view currency, locale, prices and presentation. */
export const stores = pgTable(
  'stores',
  {
    id: id(),
    code: text().notNull().unique(),
    name: text().notNull(),
    description: text().notNull().default(''),
    isDefault: boolean().notNull().default(false),
    baseCurrencyCode: text().notNull(),
    locale: text().notNull(),
    timezone: text().notNull(),
    defaultCountry: text().notNull(),
    allowedCountries: text().array().notNull(),
    logoUrl: text(),
    accentColor: text().notNull(),
    contactEmail: text().notNull(),
    productsPerPage: integer().notNull().default(24),
    position: integer().notNull().default(0),
    /** The payment provider's public key for the widget (Stripe `pk_…`); blank: the provider's configured one. */
    paymentPublishableKey: text().notNull().default(''),
    /** The address-autocomplete key the widget's checkout loads (blank: plain address fields). */
    mapsKey: text().notNull().default(''),
  },
  // At most one default store view.
  (t) => [uniqueIndex('stores_single_default').on(t.isDefault).where(sql`${t.isDefault}`)],
);

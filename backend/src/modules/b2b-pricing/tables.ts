import { index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const instant = () => timestamp({ withTimezone: true, precision: 0, mode: 'date' });

/** One quantity break: from `minQty` units on, each unit costs `price` (the store view's currency). */
export interface Tier {
  minQty: number;
  price: number;
}

/**
 * Companies (DECISIONS.md 60). `customerGroupId` is the group whose price lists the company's buyers
 * get after the company's own (null: each buyer's own group). Payment terms are two nullable columns,
 * both set or both null: buyers of a company with terms may pay by purchase order (payment-terms/).
 */
export const b2bPricingCompanies = pgTable('b2b_pricing_companies', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  customerGroupId: integer(),
  termsNetDays: integer(),
  termsCreditLimit: numeric({ precision: 14, scale: 2, mode: 'number' }),
  createdAt: instant().notNull(),
  updatedAt: instant().notNull(),
});

/** A company's buyers: an account buys for one company at most (the unique index). */
export const b2bPricingCompanyBuyers = pgTable(
  'b2b_pricing_company_buyers',
  {
    companyId: integer()
      .notNull()
      .references(() => b2bPricingCompanies.id, { onDelete: 'cascade' }),
    customerId: integer().notNull(),
    role: text().$type<'admin' | 'buyer'>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.customerId] }), uniqueIndex('b2b_pricing_company_buyers_customer_idx').on(t.customerId)],
);

/** Price lists; `storeCodes` null: every store view. */
export const b2bPricingPriceLists = pgTable('b2b_pricing_price_lists', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  storeCodes: text().array(),
  createdAt: instant().notNull(),
  updatedAt: instant().notNull(),
});

/**
 * A list's prices by SKU (not product id: a merchant imports a list before the products exist, and a
 * SKU is what their ERP names). Tiers are read whole, so they are JSON, ordered by minQty.
 */
export const b2bPricingPriceListItems = pgTable(
  'b2b_pricing_price_list_items',
  {
    priceListId: integer()
      .notNull()
      .references(() => b2bPricingPriceLists.id, { onDelete: 'cascade' }),
    sku: text().notNull(),
    tiers: jsonb().$type<Tier[]>().notNull(),
    minQty: integer(),
    maxQty: integer(),
    increment: integer(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.sku] }), index('b2b_pricing_price_list_items_sku_idx').on(t.sku)],
);

/** A company's lists, in the order they apply. */
export const b2bPricingCompanyLists = pgTable(
  'b2b_pricing_company_lists',
  {
    companyId: integer()
      .notNull()
      .references(() => b2bPricingCompanies.id, { onDelete: 'cascade' }),
    priceListId: integer()
      .notNull()
      .references(() => b2bPricingPriceLists.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.priceListId] })],
);

/** A customer group's lists, in the order they apply (after the company's). */
export const b2bPricingGroupLists = pgTable(
  'b2b_pricing_group_lists',
  {
    customerGroupId: integer().notNull(),
    priceListId: integer()
      .notNull()
      .references(() => b2bPricingPriceLists.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerGroupId, t.priceListId] })],
);

/**
 * The purchase orders a company's buyers placed (payment terms): what the company owes until the
 * merchant records each payment. The order itself is the core's; this is the module's ledger of it,
 * read under the company's row lock when a new purchase order is checked against the credit limit.
 * Amounts are in `currency`, the default store view's (the credit limit's: see payment-terms/currency.ts).
 */
export const b2bPricingPurchaseOrders = pgTable(
  'b2b_pricing_purchase_orders',
  {
    orderId: integer().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => b2bPricingCompanies.id, { onDelete: 'cascade' }),
    orderNumber: text().notNull(),
    poNumber: text().notNull(),
    amount: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
    currency: text().notNull(),
    dueAt: instant().notNull(),
    paidAt: instant(),
    createdAt: instant().notNull(),
  },
  (t) => [index('b2b_pricing_purchase_orders_company_idx').on(t.companyId)],
);

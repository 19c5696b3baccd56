import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { id, money } from './columns.ts';
import { products } from './products.ts';
import { stores } from './stores.ts';

/* Type-specific children of products (configurable, bundle, downloadable, giftcard). */

export const configurableOptions = pgTable(
  'configurable_options',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeCode: text().notNull(),
    label: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [unique().on(t.productId, t.attributeCode)],
);

/** valueIndex is the attribute option's stable number (e.g. every "Navy" has the same index). */
export const configurableOptionValues = pgTable(
  'configurable_option_values',
  {
    optionId: integer()
      .notNull()
      .references(() => configurableOptions.id, { onDelete: 'cascade' }),
    valueIndex: integer().notNull(),
    label: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.valueIndex] })],
);

/** Which option value each variant stands for; the composite key keeps values within the option's list. */
export const variantOptionValues = pgTable(
  'variant_option_values',
  {
    variantId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    optionId: integer().notNull(),
    valueIndex: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.optionId] }),
    foreignKey({
      columns: [t.optionId, t.valueIndex],
      foreignColumns: [configurableOptionValues.optionId, configurableOptionValues.valueIndex],
    }).onDelete('cascade'),
  ],
);

export const bundleOptions = pgTable(
  'bundle_options',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    inputType: text().$type<'select' | 'radio' | 'checkbox' | 'multi'>().notNull(),
    isRequired: boolean().notNull().default(true),
    position: integer().notNull().default(0),
  },
  (t) => [
    check('bundle_options_input_type_check', sql`${t.inputType} in ('select','radio','checkbox','multi')`),
    index().on(t.productId),
  ],
);

/** A selection sells another product inside the bundle, at that product's own store price. */
export const bundleSelections = pgTable(
  'bundle_selections',
  {
    id: id(),
    optionId: integer()
      .notNull()
      .references(() => bundleOptions.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    defaultQty: integer().notNull().default(1),
    isDefault: boolean().notNull().default(false),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.optionId)],
);

export const downloadableLinks = pgTable(
  'downloadable_links',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    sampleUrl: text(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index().on(t.productId)],
);

export const downloadableLinkPrices = pgTable(
  'downloadable_link_prices',
  {
    linkId: integer()
      .notNull()
      .references(() => downloadableLinks.id, { onDelete: 'cascade' }),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    price: money().notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.storeId] })],
);

export const giftcards = pgTable(
  'giftcards',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    giftcardType: text().$type<'virtual' | 'physical' | 'combined'>().notNull(),
    allowOpenAmount: boolean().notNull().default(false),
  },
  (t) => [check('giftcards_type_check', sql`${t.giftcardType} in ('virtual','physical','combined')`)],
);

/** Gift card amounts are chosen per store view (AU$50 is not a converted US$32.89). */
export const giftcardPrices = pgTable(
  'giftcard_prices',
  {
    productId: integer()
      .notNull()
      .references(() => giftcards.productId, { onDelete: 'cascade' }),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    amounts: jsonb().$type<number[]>().notNull(),
    openAmountMin: money(),
    openAmountMax: money(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.storeId] })],
);

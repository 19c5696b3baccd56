import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { categories } from './categories.ts';
import { id, money, timestamps } from './columns.ts';
import { stores } from './stores.ts';
import { productSearchDocument } from './search-document.ts';

export const productTypes = ['simple', 'configurable', 'grouped', 'bundle', 'downloadable', 'virtual', 'giftcard'] as const;
export type ProductType = (typeof productTypes)[number];

export type AttributeValue = string | number | boolean;

/**
 * One row per sellable item. Variants of configurable products are rows of type "simple" with
 * visibility "not_visible": they have their own sku, stock and prices but no page of their own.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    sku: text().notNull().unique(),
    type: text().$type<ProductType>().notNull(),
    name: text().notNull(),
    urlKey: text().notNull().unique(),
    visibility: text().$type<'catalog' | 'not_visible'>().notNull().default('catalog'),
    isEnabled: boolean().notNull().default(true),
    qty: integer().notNull().default(0),
    stockStatus: text().$type<'in_stock' | 'out_of_stock'>().notNull(),
    /** HTML authored by the merchant. */
    shortDescription: text().notNull().default(''),
    description: text().notNull().default(''),
    attributes: jsonb().$type<Record<string, AttributeValue>>().notNull().default({}),
    position: integer().notNull().default(0),
    /** Plain text for the page's <title> and meta description; empty: the storefront's defaults. */
    metaTitle: text().notNull().default(''),
    metaDescription: text().notNull().default(''),
    /** Kilograms, to the gram; null: not given. */
    weight: numeric({ precision: 10, scale: 3, mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    check('products_weight_check', sql`${t.weight} >= 0`),
    check('products_type_check', sql`${t.type} in ('simple','configurable','grouped','bundle','downloadable','virtual','giftcard')`),
    check('products_visibility_check', sql`${t.visibility} in ('catalog','not_visible')`),
    check('products_stock_status_check', sql`${t.stockStatus} in ('in_stock','out_of_stock')`),
    index().on(t.updatedAt),
    // Listings page through visible products in id order; this keeps deep pages off a full sort.
    index('products_listing_index').on(t.id).where(sql`${t.isEnabled} and ${t.visibility} = 'catalog'`),
    // Full-text search matches this exact expression (see productSearchDocument), so the planner can use it.
    index('products_search_index').using('gin', productSearchDocument(t)),
    // The same with English stemming, for the stores in English (searchConfigFor).
    index('products_search_english_index').using('gin', productSearchDocument(t, 'english')),
  ],
);

/**
 * Prices in the currency of each store view. minimalPrice is a price index maintained by writers
 * (the seeder today): the lowest purchasable price, so listings need not load children.
 */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    price: money().notNull(),
    specialPrice: money(),
    /**
     * The days the special price applies, both inclusive, in the store view's time zone; null: open
     * on that side. Kept on the price row (not the product) so a configurable's row, which carries
     * its cheapest variant's special price, carries that variant's days with it.
     */
    specialPriceFrom: date({ mode: 'string' }),
    specialPriceTo: date({ mode: 'string' }),
    minimalPrice: money().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.storeId] }),
    check('product_prices_special_days_check', sql`${t.specialPriceFrom} <= ${t.specialPriceTo}`),
    // The sale-days job (catalog/products/sale-days.ts) finds the rows whose sale starts or ends in a
    // window by these; partial, because most rows have no days.
    index('product_prices_special_from_idx').on(t.specialPriceFrom).where(sql`${t.specialPriceFrom} is not null`),
    index('product_prices_special_to_idx').on(t.specialPriceTo).where(sql`${t.specialPriceTo} is not null`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.productId] }), index().on(t.productId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** File name under /media/catalog/product/. */
    file: text().notNull().unique(),
    label: text().notNull().default(''),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.productId)],
);

/** Directed product-to-product links: related products, grouped members, configurable variants. */
export const productLinks = pgTable(
  'product_links',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    linkedProductId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    linkType: text().$type<'related' | 'grouped' | 'variant'>().notNull(),
    position: integer().notNull().default(0),
    defaultQty: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.linkType, t.linkedProductId] }),
    check('product_links_type_check', sql`${t.linkType} in ('related','grouped','variant')`),
    index().on(t.linkedProductId),
  ],
);

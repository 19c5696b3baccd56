import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { productPrices, productStoreTexts, products, stores } from '../../../platform/db/schema/index.ts';

/**
 * A price row's special price if it applies today, else null: what every shopper-facing read
 * (records, listings, the price index, carts) takes in place of the stored special price. "Today"
 * is the day in the row's store view's time zone (`stores.timezone`), so a sale from the 1st starts
 * at midnight where that store's shoppers are; both ends are inclusive. Judged by the database
 * clock at the time of the query.
 */
export const activeSpecialPrice = sql<number | null>`case when (${productPrices.specialPriceFrom} is null and ${productPrices.specialPriceTo} is null)
  or (now() at time zone (select ${stores.timezone} from ${stores} where ${stores.id} = ${productPrices.storeId}))::date
    between coalesce(${productPrices.specialPriceFrom}, '-infinity'::date) and coalesce(${productPrices.specialPriceTo}, 'infinity'::date)
  then ${productPrices.specialPrice} end`.mapWith(productPrices.specialPrice);

/** The store view's own text where it has one (product_store_texts, joined by selectProductRows), else the product's. */
const ownText = (field: 'name' | 'shortDescription' | 'description' | 'metaTitle' | 'metaDescription') =>
  sql<string>`coalesce(${productStoreTexts[field]}, ${products[field]})`.mapWith(products[field]);

/** A product with its prices and texts in one store view; a product without prices there is not sold there. */
export const productRowColumns = {
  product: {
    ...getTableColumns(products),
    name: ownText('name'),
    shortDescription: ownText('shortDescription'),
    description: ownText('description'),
    metaTitle: ownText('metaTitle'),
    metaDescription: ownText('metaDescription'),
  },
  price: productPrices.price,
  specialPrice: activeSpecialPrice,
  minimalPrice: productPrices.minimalPrice,
};

export function selectProductRows(db: Db, storeId: number) {
  return db
    .select(productRowColumns)
    .from(products)
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
    .leftJoin(productStoreTexts, and(eq(productStoreTexts.productId, products.id), eq(productStoreTexts.storeId, storeId)));
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProductRows>['execute']>>[number];

/** Enabled products by id, in the store's prices. */
export async function loadProductRowsByIds(db: Db, storeId: number, ids: number[], extra?: SQL): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return selectProductRows(db, storeId).where(and(inArray(products.id, ids), eq(products.isEnabled, true), extra));
}

/** The price a shopper pays now: the special price when one applies (`activeSpecialPrice`). */
export function finalPriceOf(price: number, specialPrice: number | null): number {
  return specialPrice ?? price;
}

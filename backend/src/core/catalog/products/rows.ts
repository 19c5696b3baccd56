import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { productPrices, products } from '../../db/schema/index.ts';

/** A product with its prices in one store view; a product without prices there is not sold there. */
export const productRowColumns = {
  product: products,
  price: productPrices.price,
  specialPrice: productPrices.specialPrice,
  minimalPrice: productPrices.minimalPrice,
};

export function selectProductRows(db: Db, storeId: number) {
  return db
    .select(productRowColumns)
    .from(products)
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)));
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProductRows>['execute']>>[number];

/** Enabled products by id, in the store's prices. */
export async function loadProductRowsByIds(db: Db, storeId: number, ids: number[], extra?: SQL): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return selectProductRows(db, storeId).where(and(inArray(products.id, ids), eq(products.isEnabled, true), extra));
}

/** The price a shopper pays now: the special price when there is one. */
export function finalPriceOf(price: number, specialPrice: number | null): number {
  return specialPrice ?? price;
}

import { and, asc, count, eq, exists, gte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { productCategories, productPrices, products } from '../../../platform/db/schema/index.ts';
import type { Paging } from '../../../platform/http/schemas.ts';
import { visibleProducts } from '../visibility.ts';
import { selectProductRows, type ProductRow } from './rows.ts';

export interface ProductFilters {
  urlKey?: string;
  sku?: string;
  /** Exact membership: products assigned to this category (the catalog assigns parents explicitly). */
  categoryId?: number;
  /** Inclusive, so an incremental sync that reuses the last seen updatedAt misses nothing. */
  updatedSince?: Date;
  /** Products the caller may not see (catalog.visibility); left out in SQL so totals stay right. */
  hidden?: ReadonlySet<number>;
}

/** Listings show enabled products that have their own page (not variants). */
export function listingCondition(db: Db, filters: ProductFilters): SQL | undefined {
  const conditions: SQL[] = [eq(products.isEnabled, true), eq(products.visibility, 'catalog')];
  if (filters.urlKey !== undefined) conditions.push(eq(products.urlKey, filters.urlKey));
  if (filters.sku !== undefined) conditions.push(eq(products.sku, filters.sku));
  if (filters.updatedSince !== undefined) conditions.push(gte(products.updatedAt, filters.updatedSince));
  const visible = visibleProducts(filters.hidden);
  if (visible !== undefined) conditions.push(visible);
  if (filters.categoryId !== undefined) {
    const inCategory = db
      .select({ productId: productCategories.productId })
      .from(productCategories)
      .where(and(eq(productCategories.categoryId, filters.categoryId), eq(productCategories.productId, products.id)));
    conditions.push(exists(inCategory));
  }
  return and(...conditions);
}

/** One page of listing rows, ordered by id, and the total; products not sold in the store are left out. */
export async function listProductRows(
  db: Db,
  storeId: number,
  filters: ProductFilters,
  paging: Paging,
): Promise<{ rows: ProductRow[]; totalItems: number }> {
  const where = listingCondition(db, filters);
  const [totalItems, rows] = await Promise.all([
    countStoreProducts(db, storeId, where),
    selectProductRows(db, storeId)
      .where(where)
      .orderBy(asc(products.id))
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage),
  ]);
  return { rows, totalItems };
}

/** How many products sold in the store (they have a price there) match `where`. */
export async function countStoreProducts(db: Db, storeId: number, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(products)
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
    .where(where);
  return row?.total ?? 0;
}

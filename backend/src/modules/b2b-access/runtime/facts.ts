import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/database.ts';
import { productCategories, productLinks, productPrices, products } from '../../../core/db/schema/index.ts';
import type { ProductDetail } from '../../../core/catalog/products/schemas.ts';
import type { ProductFacts } from '../engine/conditions.ts';
import type { AccessSnapshot } from './snapshot.ts';

/**
 * What rules see of a product (ProductFacts): its sku, base price in the store view, categories with
 * their ancestors, and its attributes plus `name` and `type`. A configurable's variants sit in their
 * parent's categories too, so a rule on a category covers the variant a cart line actually sells.
 */

/** The facts of a record the catalog already built (no query): annotations decide from these. */
export function factsOfRecord(record: ProductDetail, snapshot: AccessSnapshot): ProductFacts {
  return {
    id: record.id,
    sku: record.sku,
    price: record.price,
    categoryIds: snapshot.withAncestors(record.categoryIds),
    attributes: { ...record.attributes, name: record.name, type: record.type },
  };
}

/**
 * Direct categories of the product and, for a variant, of the configurables it belongs to. Two
 * branches of a union, each answered from an index (memberships by product, links by linked
 * product); one `or` across them would scan every membership per product (a minute at 10,000).
 */
const categoriesOf = sql<number[]>`coalesce((
  select array_agg(distinct owned.category_id) from (
    select ${productCategories.categoryId} as category_id from ${productCategories} where ${productCategories.productId} = ${products.id}
    union all
    select parent.category_id from ${productLinks}
      join ${productCategories} as parent on parent.product_id = ${productLinks.productId}
      where ${productLinks.linkedProductId} = ${products.id} and ${productLinks.linkType} = 'variant'
  ) as owned
), '{}')`;

/** Facts of the products matching `where` (all products when absent), in one query. */
export async function loadFacts(db: Db, storeId: number, snapshot: AccessSnapshot, where?: SQL): Promise<ProductFacts[]> {
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      type: products.type,
      attributes: products.attributes,
      price: productPrices.price,
      categoryIds: categoriesOf,
    })
    .from(products)
    .leftJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
    .where(where);
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    price: row.price === null ? null : Number(row.price),
    categoryIds: snapshot.withAncestors(row.categoryIds),
    attributes: { ...row.attributes, name: row.name, type: row.type },
  }));
}

export const byIds = (ids: readonly number[]): SQL => inArray(products.id, [...ids]);
export const bySkus = (skus: readonly string[]): SQL => inArray(products.sku, [...skus]);
/** What listings can show: enabled, catalog-visible products. */
export const listable: SQL = and(eq(products.isEnabled, true), eq(products.visibility, 'catalog'))!;

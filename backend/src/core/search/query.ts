import { and, asc, desc, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { products } from '../db/schema/index.ts';
import { productSearchDocument } from '../db/schema/search-document.ts';
import type { Paging } from '../http/schemas.ts';
import { countStoreProducts, listingCondition } from '../catalog/products/listing.ts';
import { selectProductRows, type ProductRow } from '../catalog/products/rows.ts';

const maxTerms = 8;

/**
 * Words of the query as a prefix tsquery: "blu shi" finds "Blue Shirt". Only letters and digits
 * survive, so the string is always valid tsquery syntax; undefined when nothing searchable is left.
 */
export function prefixQuery(q: string): string | undefined {
  const terms = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, maxTerms);
  return terms.length === 0 ? undefined : terms.map((term) => `${term}:*`).join(' & ');
}

/**
 * Matching visible products of the store (`hidden`: those the caller may not see are left out): an
 * exact SKU first (shoppers paste SKUs), then by text rank, ties by id so pages are stable.
 */
export async function searchProductRows(
  db: Db,
  storeId: number,
  q: string,
  tsquery: string,
  filters: { categoryId?: number; hidden?: ReadonlySet<number> },
  paging: Paging,
): Promise<{ rows: ProductRow[]; totalItems: number }> {
  const document = productSearchDocument(products);
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const where = and(listingCondition(db, filters), sql`${document} @@ ${query}`);
  const [totalItems, rows] = await Promise.all([
    countStoreProducts(db, storeId, where),
    selectProductRows(db, storeId)
      .where(where)
      .orderBy(desc(sql`lower(${products.sku}) = lower(${q.trim()})`), desc(sql`ts_rank(${document}, ${query})`), asc(products.id))
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage),
  ]);
  return { rows, totalItems };
}

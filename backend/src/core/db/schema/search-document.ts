import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The text search document of a product: name and SKU weigh most, the short description less.
 * "simple" (no stemming, no stop words) suits product names and SKUs in any store language; the
 * default parser skips HTML tags, so descriptions need no stripping. SKU separators become spaces:
 * the parser would read "ABC-00001" as the word "abc" and the number "-00001".
 */
export function productSearchDocument(t: { name: PgColumn; sku: PgColumn; shortDescription: PgColumn }): SQL {
  return sql`(setweight(to_tsvector('simple', ${t.name}), 'A') || setweight(to_tsvector('simple', translate(${t.sku}, '-_/.', '    ')), 'A') || setweight(to_tsvector('simple', ${t.shortDescription}), 'B'))`;
}

import { and, asc, desc, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { products, productStoreTexts } from '../../platform/db/schema/index.ts';
import { productSearchDocument, type SearchConfig } from '../../platform/db/schema/search-document.ts';
import type { Paging } from '../../platform/http/schemas.ts';
import { countStoreProducts, listingCondition } from '../catalog/products/listing.ts';
import { selectProductRows, type ProductRow } from '../catalog/products/rows.ts';

const maxTerms = 8;
/** Longer words are cut: no product word is this long, and it bounds the typo search. */
const maxTermLength = 40;
/** Words shorter than this are never corrected: too many words are one edit away from them. */
const minCorrectedLength = 4;

/**
 * The words of a query, lower case: only letters and digits survive, so each is always valid
 * tsquery syntax. At most 8 words.
 */
export function queryTerms(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, maxTerms).map((term) => term.slice(0, maxTermLength));
}

/** Words of the query as a prefix tsquery ("blu shi" finds "Blue Shirt"); undefined when nothing searchable is left. */
export function prefixQuery(q: string): string | undefined {
  const terms = queryTerms(q);
  return terms.length === 0 ? undefined : terms.map((term) => `${term}:*`).join(' & ');
}

/** How many edits a word of this length may be from the catalog's word it is corrected to. */
export function allowedEdits(term: string): number {
  return term.length < minCorrectedLength ? 0 : term.length < 7 ? 2 : 3;
}

/**
 * Each query word as the catalog knows it: kept when some word of the vocabulary (search_words)
 * starts with it, else the nearest vocabulary word within allowedEdits (Levenshtein; ties go to
 * the higher pg_trgm similarity, then the shorter word), else kept as typed. Whole-name similarity
 * would not do: "jakcet" is 0.27 similar to "jacket", below pg_trgm's threshold, but two edits away.
 */
export async function correctTerms(db: Db, terms: string[]): Promise<string[]> {
  return Promise.all(
    terms.map(async (term) => {
      const edits = allowedEdits(term);
      if (edits === 0 || /^\p{N}+$/u.test(term)) return term;
      const result = await db.execute<{ word: string | null }>(sql`
        select coalesce(
          (select ${term}::text where exists (select 1 from search_words where left(word, length(${term})) = ${term})),
          (select word from search_words
            where length(word) between ${term.length - edits} and ${term.length + edits}
              and levenshtein_less_equal(word, ${term}, ${edits}) <= ${edits}
            order by levenshtein_less_equal(word, ${term}, ${edits}), similarity(word, ${term}) desc, length(word), word
            limit 1)
        ) as word`);
      return (result as unknown as { rows: Array<{ word: string | null }> }).rows[0]?.word ?? term;
    }),
  );
}

/**
 * The tsquery of the terms: every word must match, as a prefix, either stemmed in the store's
 * language ("jackets" → "jacket") or as written.
 */
function termsQuery(terms: string[], config: SearchConfig): SQL {
  const stemmed = (term: string) =>
    config === 'simple'
      ? sql`to_tsquery('simple', ${`${term}:*`})`
      : sql`(to_tsquery(${sql.raw(`'${config}'`)}, ${`${term}:*`}) || to_tsquery('simple', ${`${term}:*`}))`;
  return sql`(${sql.join(terms.map(stemmed), sql` && `)})`;
}

/**
 * Whether the store view's own texts of the product (product_store_texts: its name or short
 * description there) match. Checked besides the product's own document, which keeps its indexes:
 * a shopper of that view finds the product by either name.
 */
function storeTextsMatch(db: Db, storeId: number, config: SearchConfig, query: SQL): SQL {
  const own = productSearchDocument(
    {
      name: sql`coalesce(${productStoreTexts.name}, ${products.name})`,
      sku: products.sku,
      shortDescription: sql`coalesce(${productStoreTexts.shortDescription}, ${products.shortDescription})`,
    },
    config,
  );
  const texts = db
    .select({ productId: productStoreTexts.productId })
    .from(productStoreTexts)
    .where(and(eq(productStoreTexts.productId, products.id), eq(productStoreTexts.storeId, storeId), sql`${own} @@ ${query}`));
  return exists(texts);
}

/**
 * Matching visible products of the store (`hidden`: those the caller may not see are left out): an
 * exact SKU first (shoppers paste SKUs), then by relevance (ts_rank over the weighted document:
 * name and SKU above the description, several matching words above one), ties by id so pages are stable.
 */
export async function searchProductRows(
  db: Db,
  storeId: number,
  q: string,
  terms: string[],
  config: SearchConfig,
  filters: { categoryId?: number; hidden?: ReadonlySet<number> },
  paging: Paging,
): Promise<{ rows: ProductRow[]; totalItems: number }> {
  const document = productSearchDocument(products, config);
  const query = termsQuery(terms, config);
  const where = and(listingCondition(db, filters), or(sql`${document} @@ ${query}`, storeTextsMatch(db, storeId, config, query)));
  const [totalItems, rows] = await Promise.all([
    countStoreProducts(db, storeId, where),
    selectProductRows(db, storeId)
      .where(where)
      .orderBy(
        desc(sql`lower(${products.sku}) = lower(${q.trim()})`),
        desc(sql`ts_rank(${document}, ${query})`),
        asc(products.id),
      )
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage),
  ]);
  return { rows, totalItems };
}

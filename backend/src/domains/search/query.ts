import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { CorrectionCache } from './correction-cache.ts';
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
 * Every word in one statement: on the embedded database each statement is a turn of its own, and a
 * search holds its turn in the request queue (DECISIONS.md 58) for all of them (issue 31's load).
 */
export async function correctTerms(db: Db, terms: string[], cache?: CorrectionCache): Promise<string[]> {
  const corrected = terms.map((term) => cache?.get(term) ?? term);
  const candidates = terms
    .map((term, index) => ({ term, index, edits: allowedEdits(term) }))
    .filter(({ term, edits }) => edits > 0 && !/^\p{N}+$/u.test(term) && cache?.get(term) === undefined);
  if (candidates.length === 0) return corrected;
  const result = await db.execute<{ i: number; word: string | null }>(sql`
    select t.i, coalesce(
      (select t.term where exists (select 1 from search_words where left(word, length(t.term)) = t.term)),
      (select word from search_words
        where length(word) between length(t.term) - t.edits and length(t.term) + t.edits
          and levenshtein_less_equal(word, t.term, t.edits) <= t.edits
        order by levenshtein_less_equal(word, t.term, t.edits), similarity(word, t.term) desc, length(word), word
        limit 1)
    ) as word
    from unnest(${sql.param(candidates.map((c) => c.index))}::int[], ${sql.param(candidates.map((c) => c.term))}::text[], ${sql.param(candidates.map((c) => c.edits))}::int[]) as t(i, term, edits)`);
  for (const { i, word } of (result as unknown as { rows: Array<{ i: number; word: string | null }> }).rows) {
    corrected[i] = word ?? terms[i]!;
    cache?.set(terms[i]!, corrected[i]);
  }
  return corrected;
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
 * The products whose store view's own texts (product_store_texts: its name or short description
 * there) match. Checked besides the product's own document, which keeps its indexes: a shopper of
 * that view finds the product by either name.
 */
function storeTextsMatch(storeId: number, config: SearchConfig, query: SQL): SQL {
  const own = productSearchDocument(
    {
      name: sql`coalesce(${productStoreTexts.name}, ${products.name})`,
      sku: products.sku,
      shortDescription: sql`coalesce(${productStoreTexts.shortDescription}, ${products.shortDescription})`,
    },
    config,
  );
  return sql`select ${productStoreTexts.productId} from ${productStoreTexts} join ${products} on ${products.id} = ${productStoreTexts.productId} where ${productStoreTexts.storeId} = ${storeId} and ${own} @@ ${query}`;
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
  // The matching ids as a union, so the product side can use its GIN expression index; an OR of the
  // two tests inside one WHERE made PostgreSQL compute every product's document, twice per search.
  const matching = sql`${products.id} in (select ${products.id} from ${products} where ${document} @@ ${query} union ${storeTextsMatch(storeId, config, query)})`;
  const where = and(listingCondition(db, filters), matching);
  const rows = await selectProductRows(db, storeId)
    .where(where)
    .orderBy(
      desc(sql`lower(${products.sku}) = lower(${q.trim()})`),
      desc(sql`ts_rank(${document}, ${query})`),
      asc(products.id),
    )
    .limit(paging.itemsPerPage)
    .offset((paging.page - 1) * paging.itemsPerPage);
  // A first page that is not full is every match: most searches, which then need no count statement.
  const totalItems = paging.page === 1 && rows.length < paging.itemsPerPage ? rows.length : await countStoreProducts(db, storeId, where);
  return { rows, totalItems };
}

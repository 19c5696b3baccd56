import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The search vocabulary: every word (`simple` lexeme) of product names, SKUs and short descriptions, kept
 * by a trigger on products (migration 0009). A query word found in no product is corrected to the
 * nearest word here (Levenshtein, pg_trgm similarity to break ties). Words of deleted products
 * stay: a correction to one finds nothing, as the word typed would have.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text().primaryKey(),
  },
  (t) => [index('search_words_trgm_index').using('gin', t.word.op('gin_trgm_ops'))],
);

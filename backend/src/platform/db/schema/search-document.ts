import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Text search configurations of the store languages the search stems (PostgreSQL's built-in snowball ones). */
const configByLanguage: Record<string, SearchConfig> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  nl: 'dutch',
  pt: 'portuguese',
  sv: 'swedish',
  da: 'danish',
  fi: 'finnish',
  nb: 'norwegian',
  no: 'norwegian',
  ru: 'russian',
};
export type SearchConfig = 'simple' | 'english' | 'german' | 'french' | 'spanish' | 'italian' | 'dutch' | 'portuguese' | 'swedish' | 'danish' | 'finnish' | 'norwegian' | 'russian';

/** The stemming configuration of a store locale ("en_AU" → english); "simple" for languages without one. */
export function searchConfigFor(locale: string): SearchConfig {
  return configByLanguage[locale.slice(0, 2).toLowerCase()] ?? 'simple';
}

/**
 * The text search document of a product: name and SKU weigh most, the short description less.
 * Words are indexed twice: stemmed in the store language (`english`: "jackets" finds "jacket") and
 * as written (`simple`: a prefix of a word as typed, "runn", still finds "running"); with "simple"
 * itself, once. The default parser skips HTML tags, so descriptions need no stripping. SKU
 * separators become spaces: the parser would read "ABC-00001" as the word "abc" and the number
 * "-00001". The config is a literal (never a parameter), so queries match the expression indexes.
 */
export function productSearchDocument(t: { name: SQLWrapper; sku: SQLWrapper; shortDescription: SQLWrapper }, config: SearchConfig = 'simple'): SQL {
  const vector = (column: SQLWrapper) =>
    config === 'simple'
      ? sql`to_tsvector('simple', ${column})`
      : sql`(to_tsvector(${sql.raw(`'${config}'`)}, ${column}) || to_tsvector('simple', ${column}))`;
  return sql`(setweight(${vector(t.name)}, 'A') || setweight(to_tsvector('simple', translate(${t.sku}, '-_/.', '    ')), 'A') || setweight(${vector(t.shortDescription)}, 'B'))`;
}

/**
 * The search results page: the backend's search, fetched server-side so results work without
 * JavaScript, one page of SEARCH_PAGE_SIZE at a time (`?page=N`, like a category). They are guest
 * data but vary with every query and page, so /search is never edge-cached (cache-policy
 * NEVER_CACHED) rather than filling the cache with one-off entries.
 */
import { z } from 'zod';
import type { BackendClient, SearchResults } from '../backend-client.ts';
import { parsePageParam } from './pagination.ts';

export const SEARCH_PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 100;

/**
 * What the shopper typed, checked before the backend sees it: the backend only searches letters
 * and digits (anything else would be its 400, i.e. our 502). A query longer than the box allows
 * is cut first (shortenQuery), never refused: a pasted sentence still finds products.
 */
const SearchWords = z
  .string()
  .trim()
  .max(MAX_QUERY_LENGTH)
  .refine((value) => !/\p{Cc}/u.test(value), 'Search words cannot contain control characters.')
  .refine((value) => value === '' || /[\p{L}\p{N}]/u.test(value), 'Search for at least one letter or digit.');

export type SearchRequest =
  | { kind: 'empty-query' }
  | { kind: 'invalid'; query: string; message: string }
  /** `shortened`: the query was cut to MAX_QUERY_LENGTH characters (the page says so). */
  | { kind: 'search'; query: string; page: number; shortened?: true };

export type SearchOutcome =
  | Exclude<SearchRequest, { kind: 'search' }>
  | { kind: 'results'; query: string; results: SearchResults; totalPages: number }
  | { kind: 'out-of-range'; query: string; page: number; totalPages: number }
  | { kind: 'failed'; query: string };

/** The query and page a URL asks for; a repeated `q` or a page that is not a number are invalid. */
export function searchRequest(url: URL): SearchRequest {
  const values = url.searchParams.getAll('q');
  const raw = values[0] ?? '';
  // Echoed back in the search box, so keep it as short as the box allows.
  const shown = raw.trim().slice(0, MAX_QUERY_LENGTH);
  if (values.length > 1) return { kind: 'invalid', query: shown, message: 'Search for one thing at a time.' };
  const short = shortenQuery(raw);
  const words = SearchWords.safeParse(short);
  if (!words.success) return { kind: 'invalid', query: shown, message: words.error.issues[0]?.message ?? 'Check the search words.' };
  if (words.data === '') return { kind: 'empty-query' };
  const page = parsePageParam(url.searchParams);
  if (page === null) return { kind: 'invalid', query: words.data, message: 'That is not a page of search results.' };
  return short === raw.trim() ? { kind: 'search', query: words.data, page } : { kind: 'search', query: words.data, page, shortened: true };
}

/**
 * The query cut to MAX_QUERY_LENGTH characters (whole code points), at the last space within
 * that length when there is one, so no word is cut in half; trimmed either way.
 */
export function shortenQuery(raw: string): string {
  const trimmed = raw.trim();
  const chars = [...trimmed];
  if (chars.length <= MAX_QUERY_LENGTH) return trimmed;
  const cut = chars.slice(0, MAX_QUERY_LENGTH).join('');
  const space = chars[MAX_QUERY_LENGTH] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut).trim();
}

/** The URL of the results' first page; `pageHref` adds `&page=N` for the others. */
export function searchPath(query: string): string {
  return `/search?${new URLSearchParams({ q: query }).toString()}`;
}

/** HTTP status of the page: 400 for input the shop refuses, 404 past the last page, 502 when the backend failed. */
export function searchStatus(outcome: SearchOutcome): number {
  if (outcome.kind === 'invalid') return 400;
  if (outcome.kind === 'out-of-range') return 404;
  if (outcome.kind === 'failed') return 502;
  return 200;
}

/** Runs a search as a guest, or with a signed-in customer's `token` as they see the catalog. */
export async function runSearch(client: Pick<BackendClient, 'search'>, store: string, request: SearchRequest, token?: string): Promise<SearchOutcome> {
  if (request.kind !== 'search') return request;
  const { query, page } = request;
  let results: SearchResults;
  try {
    results = await client.search(store, query, page, SEARCH_PAGE_SIZE, token);
  } catch (error) {
    console.error(`Search for "${query}" (page ${page}) failed: ${String(error)}`);
    return { kind: 'failed', query };
  }
  const totalPages = Math.max(1, Math.ceil(results.totalItems / SEARCH_PAGE_SIZE));
  // Page 1 of no results is the "nothing found" answer; any later page past the end does not exist.
  if (page > totalPages) return { kind: 'out-of-range', query, page, totalPages };
  return { kind: 'results', query, results, totalPages };
}

/** "25 results for “tee” · page 2 of 2": the count line above the grid. */
export function resultsSummary(query: string, totalItems: number, page: number, totalPages: number): string {
  const count = totalItems === 1 ? '1 result' : `${totalItems} results`;
  return `${count} for “${query}”${totalPages > 1 ? ` · page ${page} of ${totalPages}` : ''}`;
}

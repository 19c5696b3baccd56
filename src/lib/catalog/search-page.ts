/**
 * The search results page: the backend's search, fetched server-side so results work without
 * JavaScript. They are guest data but vary with every query, so /search is never edge-cached
 * (cache-policy NEVER_CACHED) rather than filling the cache with one-off entries.
 */
import type { BackendClient, SearchResults } from '../backend-client.ts';

export const SEARCH_PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 100;

export type SearchOutcome =
  | { kind: 'empty-query' }
  | { kind: 'results'; query: string; results: SearchResults }
  | { kind: 'failed'; query: string };

export function searchQuery(url: URL): string {
  return (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
}

export async function runSearch(client: Pick<BackendClient, 'search'>, store: string, query: string): Promise<SearchOutcome> {
  if (query === '') return { kind: 'empty-query' };
  try {
    return { kind: 'results', query, results: await client.search(store, query, 1, SEARCH_PAGE_SIZE) };
  } catch (error) {
    console.error(`Search for "${query}" failed: ${String(error)}`);
    return { kind: 'failed', query };
  }
}

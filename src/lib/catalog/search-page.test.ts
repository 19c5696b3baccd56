import { describe, expect, it } from 'vitest';
import type { SearchResults } from '../backend-client.ts';
import { resultsSummary, runSearch, SEARCH_PAGE_SIZE, searchPath, searchRequest, searchStatus } from './search-page.ts';

const at = (query: string) => searchRequest(new URL(`https://s.test/search${query}`));
const answering = (totalItems: number) => ({
  search: (_store: string, _q: string, page: number): Promise<SearchResults> =>
    Promise.resolve({ products: [], totalItems, page, itemsPerPage: SEARCH_PAGE_SIZE }),
});

describe('search request', () => {
  it('reads and trims the query and the page', () => {
    expect(at('?q=%20tee%20')).toEqual({ kind: 'search', query: 'tee', page: 1 });
    expect(at('?q=blue+tee&page=3')).toEqual({ kind: 'search', query: 'blue tee', page: 3 });
    expect(at('')).toEqual({ kind: 'empty-query' });
    expect(at('?q=%20%20')).toEqual({ kind: 'empty-query' });
  });

  it('refuses hostile or unsearchable input with a message instead of asking the backend', () => {
    for (const query of ['?q=%21%21%21', '?q=%3C%2F%3E', '?q=tee%00', '?q=a&q=b', '?q=tee&page=0', '?q=tee&page=2x']) {
      const request = at(query);
      expect(request.kind, query).toBe('invalid');
      expect(request.kind === 'invalid' && request.message, query).toMatch(/\w/);
    }
    const long = at(`?q=${'!'.repeat(500)}`);
    expect(long.kind === 'invalid' && long.query).toHaveLength(100);
  });

  it('cuts an over-long query to 100 characters at a word boundary instead of refusing it', () => {
    expect(at(`?q=${'a'.repeat(101)}`)).toEqual({ kind: 'search', query: 'a'.repeat(100), page: 1, shortened: true });
    const sentence = 'warm rain jacket '.repeat(10);
    const request = at(`?q=${encodeURIComponent(sentence)}&page=2`);
    expect(request).toMatchObject({ kind: 'search', page: 2, shortened: true });
    const query = request.kind === 'search' ? request.query : '';
    expect(query.length).toBeLessThanOrEqual(100);
    expect(sentence.startsWith(`${query} `)).toBe(true);
    expect(query.endsWith('rain')).toBe(true);
    expect(at(`?q=${'a'.repeat(100)}`)).toEqual({ kind: 'search', query: 'a'.repeat(100), page: 1 });
  });

  it('links the first page by the query alone, encoded', () => {
    expect(searchPath('blue & tee')).toBe('/search?q=blue+%26+tee');
  });
});

describe('running a search', () => {
  it('does not call the backend for a request it refused or an empty query', async () => {
    const refuse = { search: () => Promise.reject(new Error('called')) };
    expect(await runSearch(refuse, 'default', { kind: 'empty-query' })).toEqual({ kind: 'empty-query' });
    const invalid = { kind: 'invalid', query: '!!!', message: 'no' } as const;
    expect(await runSearch(refuse, 'default', invalid)).toBe(invalid);
  });

  it('pages the results and knows the last page', async () => {
    const outcome = await runSearch(answering(SEARCH_PAGE_SIZE + 1), 'default', { kind: 'search', query: 'tee', page: 2 });
    expect(outcome).toMatchObject({ kind: 'results', totalPages: 2, results: { page: 2 } });
    expect(searchStatus(outcome)).toBe(200);
  });

  it('answers a page past the last one as out of range (404), but page 1 of nothing as no results', async () => {
    const past = await runSearch(answering(SEARCH_PAGE_SIZE), 'default', { kind: 'search', query: 'tee', page: 2 });
    expect(past).toEqual({ kind: 'out-of-range', query: 'tee', page: 2, totalPages: 1 });
    expect(searchStatus(past)).toBe(404);
    const nothing = await runSearch(answering(0), 'default', { kind: 'search', query: 'zzz', page: 1 });
    expect(nothing).toMatchObject({ kind: 'results', totalPages: 1 });
  });

  it('reports a failed search (502) instead of throwing', async () => {
    const failed = await runSearch({ search: () => Promise.reject(new Error('down')) }, 'default', { kind: 'search', query: 'tee', page: 1 });
    expect(failed).toEqual({ kind: 'failed', query: 'tee' });
    expect(searchStatus(failed)).toBe(502);
    expect(searchStatus({ kind: 'invalid', query: '', message: 'no' })).toBe(400);
  });

  it('counts the results and the page', () => {
    expect(resultsSummary('tee', 1, 1, 1)).toBe('1 result for “tee”');
    expect(resultsSummary('tee', 30, 2, 2)).toBe('30 results for “tee” · page 2 of 2');
  });
});

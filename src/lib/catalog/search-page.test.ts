import { describe, expect, it } from 'vitest';
import { runSearch, searchQuery } from './search-page.ts';

const results = { products: [], totalItems: 0, page: 1, itemsPerPage: 24 };

describe('search page', () => {
  it('reads and trims the query', () => {
    expect(searchQuery(new URL('https://s.test/search?q=%20tee%20'))).toBe('tee');
    expect(searchQuery(new URL('https://s.test/search'))).toBe('');
  });

  it('does not call the backend without a query', async () => {
    expect(await runSearch({ search: () => Promise.reject(new Error('called')) }, 'default', '')).toEqual({ kind: 'empty-query' });
  });

  it('reports a failed search instead of throwing', async () => {
    expect(await runSearch({ search: () => Promise.reject(new Error('down')) }, 'default', 'tee')).toEqual({ kind: 'failed', query: 'tee' });
    expect(await runSearch({ search: () => Promise.resolve(results) }, 'default', 'tee')).toEqual({ kind: 'results', query: 'tee', results });
  });
});

import { describe, expect, it } from 'vitest';
import { listingParams, MAX_PAGE_NUMBER } from './canonical-url.ts';

const params = (query: string) => listingParams(new URLSearchParams(query));

describe('listingParams', () => {
  it('takes canonical URLs as they are', () => {
    expect(params('')).toEqual({ page: 1, sort: 'position', redirectSearch: null });
    expect(params('page=3')).toEqual({ page: 3, sort: 'position', redirectSearch: null });
    expect(params('sort=name&page=2')).toEqual({ page: 2, sort: 'name', redirectSearch: null });
    expect(params('page=2&sort=name&utm_source=x')).toEqual({ page: 2, sort: 'name', redirectSearch: null });
  });
  it('drops invalid and redundant values, keeping other parameters', () => {
    for (const query of ['page=0', 'page=abc', 'page=-1', 'page=', 'page=1', 'page=1.5', 'sort=rank', 'sort=position', 'page=00']) {
      expect(params(query), query).toEqual({ page: 1, sort: 'position', redirectSearch: '' });
    }
    expect(params('utm_source=x&page=0').redirectSearch).toBe('?utm_source=x');
    expect(params('page=bogus&sort=price-asc').redirectSearch).toBe('?sort=price-asc');
  });
  it('clamps to the first valid value and strips leading zeros', () => {
    expect(params('page=02')).toEqual({ page: 2, sort: 'position', redirectSearch: '?page=2' });
    expect(params('page=x&page=4&page=5')).toEqual({ page: 4, sort: 'position', redirectSearch: '?page=4' });
    expect(params('sort=x&sort=name&sort=price-asc')).toEqual({ page: 1, sort: 'name', redirectSearch: '?sort=name' });
  });
  it('reads huge page numbers as past the last page, without a redirect', () => {
    expect(params('page=99999999999')).toEqual({ page: MAX_PAGE_NUMBER + 1, sort: 'position', redirectSearch: null });
  });
});

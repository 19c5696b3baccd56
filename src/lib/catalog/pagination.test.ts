import { describe, expect, it } from 'vitest';
import { pageHref, pager, parsePageParam } from './pagination.ts';

const parse = (query: string) => parsePageParam(new URLSearchParams(query));

describe('parsePageParam', () => {
  it('defaults to page 1', () => {
    expect(parse('')).toBe(1);
    expect(parse('sort=name')).toBe(1);
  });
  it('accepts canonical positive integers', () => {
    expect(parse('page=1')).toBe(1);
    expect(parse('page=12')).toBe(12);
  });
  it('rejects anything else', () => {
    for (const query of ['page=0', 'page=-1', 'page=01', 'page=2abc', 'page=', 'page=1.5', 'page=1e3', 'page=1&page=2', 'page=9999999']) {
      expect(parse(query), query).toBeNull();
    }
  });
});

describe('pager', () => {
  const numbers = (items: ReturnType<typeof pager>['items']) =>
    items.map((item) => (item.kind === 'gap' ? '…' : item.current ? `[${item.page}]` : String(item.page))).join(' ');

  it('links prev and next, page 1 without a query', () => {
    const result = pager('/women', 2, 3);
    expect(result.prev).toBe('/women');
    expect(result.next).toBe('/women?page=3');
    expect(numbers(result.items)).toBe('1 [2] 3');
  });
  it('has no prev on the first page and no next on the last', () => {
    expect(pager('/a', 1, 1)).toEqual({ prev: null, next: null, items: [{ kind: 'page', page: 1, href: '/a', current: true }] });
    expect(pager('/a', 4, 4).next).toBeNull();
  });
  it('elides long runs but never a single page', () => {
    expect(numbers(pager('/a', 6, 20).items)).toBe('1 … 5 [6] 7 … 20');
    expect(numbers(pager('/a', 3, 20).items)).toBe('1 2 [3] 4 … 20');
    expect(numbers(pager('/a', 1, 20).items)).toBe('[1] 2 … 20');
  });
  it('builds hrefs', () => {
    expect(pageHref('/a/b', 1)).toBe('/a/b');
    expect(pageHref('/a/b', 7)).toBe('/a/b?page=7');
  });
});

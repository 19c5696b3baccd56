import { describe, expect, it } from 'vitest';
import type { ListingPage, ProductCard } from '../content/schemas.ts';
import { gated } from '../agents/test-support.ts';
import { hidesPrices, parseSortParam, sortCards, sortedPage, sortedPath, sortOrdersFor } from './listing-sort.ts';

const card = (name: string, price: number | null): ProductCard => ({
  id: 1, sku: name, type: 'simple', name, urlKey: name, price, specialPrice: null, finalPrice: price,
  minimalPrice: price, stockStatus: 'in_stock', imageUrl: '', position: 0,
});

describe('listing sort', () => {
  it('parses known orders and rejects others', () => {
    expect(parseSortParam(new URLSearchParams(''))).toBe('position');
    expect(parseSortParam(new URLSearchParams('sort=price-desc'))).toBe('price-desc');
    expect(parseSortParam(new URLSearchParams('sort=rank'))).toBeNull();
    expect(parseSortParam(new URLSearchParams('sort=name&sort=name'))).toBeNull();
  });

  it('offers no price order where a card hides its price (DECISIONS.md 30)', () => {
    const open = [card('a', 1), card('b', 2)];
    const gatedCard = { ...card('c', null), extensions: gated('Trade only') };
    expect(hidesPrices(open)).toBe(false);
    expect(sortOrdersFor(open)).toEqual(['position', 'name', 'price-asc', 'price-desc']);
    expect(hidesPrices([...open, gatedCard])).toBe(true);
    expect(sortOrdersFor([...open, gatedCard])).toEqual(['position', 'name']);
  });

  it('links the default order without a parameter', () => {
    expect(sortedPath('/men', 'position')).toBe('/men');
    expect(sortedPath('/men', 'name')).toBe('/men?sort=name');
  });

  it('sorts by name and by price with withheld prices last', () => {
    const cards = [card('b', 5), card('a', null), card('c', 1)];
    expect(sortCards(cards, 'name', 'en').map((c) => c.name)).toEqual(['a', 'b', 'c']);
    expect(sortCards(cards, 'price-asc', 'en').map((c) => c.name)).toEqual(['c', 'b', 'a']);
  });

  it('cuts a page out of the whole category', () => {
    const page = (n: number, products: ProductCard[]): ListingPage => ({
      categoryId: 1, page: n, pageSize: 2, totalItems: 3, totalPages: 2, products,
    });
    const pages = [page(1, [card('z', 1), card('y', 2)]), page(2, [card('x', 3)])];
    expect(sortedPage(pages, 'name', 1, 'en')?.products.map((c) => c.name)).toEqual(['x', 'y']);
    expect(sortedPage(pages, 'name', 2, 'en')?.products.map((c) => c.name)).toEqual(['z']);
    expect(sortedPage(pages, 'name', 3, 'en')).toBeNull();
  });
});

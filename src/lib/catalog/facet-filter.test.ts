import { describe, expect, it } from 'vitest';
import type { FacetIndex } from '../content/schemas.ts';
import { filteredRedirect, listingParams } from './canonical-url.ts';
import { facetCounts, matchingPositions, parseFilters } from './facet-filter.ts';
import { facetView } from './facet-view.ts';

const facets: FacetIndex['facets'] = [
  { code: 'color', label: 'Color', values: [{ slug: 'black', label: 'Black' }, { slug: 'navy', label: 'Navy' }, { slug: 'rust', label: 'Rust' }] },
  { code: 'size', label: 'Size', values: [{ slug: 's', label: 'S' }, { slug: 'm', label: 'M' }, { slug: 'l', label: 'L' }] },
];
const member = (id: number, price: number | null, inStock: boolean, colors: number[], sizes: number[]) => ({ id, name: `P${id}`, price, inStock, values: [colors, sizes] });
const index: FacetIndex = {
  categoryId: 5,
  pageSize: 2,
  facets,
  priceStep: 50,
  products: [
    member(1, 20, true, [0], [0, 1]),
    member(2, 70, true, [1], [1, 2]),
    member(3, 120, false, [1, 2], [1]),
    member(4, 30, true, [2], [2]),
  ],
};
const parse = (query: string, from: FacetIndex | null = index) => parseFilters(new URLSearchParams(query), from);
const format = (amount: number) => `$${amount.toFixed(2)}`;

describe('parseFilters', () => {
  it('reads filters, price ranges and in-stock, in canonical order, dropping unknown values', () => {
    const { selection, pairs } = parse('size=m&color=rust&color=navy&color=teal&stock=in&price=50-100&price=x&price=9-3');
    expect(selection.values.map((chosen) => [...chosen].sort())).toEqual([[1, 2], [1]]);
    expect(selection.prices).toEqual([{ from: 50, to: 100 }]);
    expect(selection.inStock).toBe(true);
    expect(pairs).toEqual([['color', 'navy'], ['color', 'rust'], ['size', 'm'], ['price', '50-100'], ['stock', 'in']]);
  });

  it('ignores the price parameter, at the same URL, where the listing hides prices', () => {
    const { selection, pairs } = parse('price=50-100', { ...index, priceStep: null });
    expect(selection.prices).toEqual([]);
    expect(pairs).toEqual([['price', '50-100']]);
  });

  it('takes no filter without an index', () => {
    expect(parse('color=navy', null).pairs).toEqual([]);
  });
});

describe('matching and counts', () => {
  it('combines values of one filter with OR and filters with AND', () => {
    expect(matchingPositions(index, parse('color=navy&color=rust').selection)).toEqual([1, 2, 3]);
    expect(matchingPositions(index, parse('color=navy&color=rust&size=m').selection)).toEqual([1, 2]);
    expect(matchingPositions(index, parse('color=navy&size=m&stock=in').selection)).toEqual([1]);
    expect(matchingPositions(index, parse('price=0-50').selection)).toEqual([0, 3]);
  });

  it("counts each choice under the other filters, so counts change as filters combine", () => {
    const none = facetCounts(index, parse('').selection);
    expect(none.values).toEqual([[1, 2, 2], [1, 3, 2]]);
    expect([...none.priceBuckets]).toEqual([[0, 2], [1, 1], [2, 1]]);
    expect(none.inStock).toBe(3);

    const navyInM = facetCounts(index, parse('color=navy&size=m').selection);
    // Colours under size M: Black 1, Navy 2, Rust 1; sizes under Navy: M 2, L 1.
    expect(navyInM.values).toEqual([[1, 2, 1], [0, 2, 1]]);
    expect(navyInM.inStock).toBe(1);
    expect([...navyInM.priceBuckets]).toEqual([[1, 1], [2, 1]]);
  });
});

describe('facetView', () => {
  it('shows choices with counts, hides empty ones, and links each applied filter to the page without it', () => {
    const view = facetView(index, parse('color=navy&size=l').selection, '/women', 'name', format);
    expect(view.filtered).toBe(true);
    expect(view.groups.map((group) => [group.name, group.choices.map((choice) => `${choice.value}:${choice.count}${choice.selected ? '*' : ''}`)])).toEqual([
      ['color', ['navy:1*', 'rust:1']],
      ['size', ['m:2', 'l:1*']],
      // The one match is in stock: "in stock only" would narrow nothing, so it is not offered.
    ]);
    expect(view.applied).toEqual([
      { label: 'Color: Navy', removeHref: '/women?size=l&sort=name' },
      { label: 'Size: L', removeHref: '/women?color=navy&sort=name' },
    ]);
    expect(view.clearHref).toBe('/women?sort=name');
    expect(view.basePath).toBe('/women?color=navy&size=l&sort=name');
  });

  it('offers price ranges only where prices are shown', () => {
    const shown = facetView(index, parse('').selection, '/women', 'position', format);
    expect(shown.groups.find((group) => group.name === 'price')?.choices.map((choice) => [choice.label, choice.count])).toEqual([
      ['$0 – $50', 2],
      ['$50 – $100', 1],
      ['$100 – $150', 1],
    ]);
    const hidden = facetView({ ...index, priceStep: null, products: index.products.map((one) => ({ ...one, price: null })) }, parse('').selection, '/women', 'position', format);
    expect(hidden.groups.map((group) => group.name)).toEqual(['color', 'size', 'stock']);
    expect(shown.groups.find((group) => group.name === 'stock')?.choices).toEqual([{ label: 'In stock only', value: 'in', count: 3, selected: false }]);
  });
});

describe('filteredRedirect', () => {
  const redirect = (query: string) => {
    const params = new URLSearchParams(query);
    return filteredRedirect(params, listingParams(params).redirectSearch, parseFilters(params, index));
  };

  it('keeps a canonical URL and spells any other the one way: filters in order, then sort and page', () => {
    expect(redirect('color=navy&size=m&sort=name&page=2')).toBeNull();
    expect(redirect('size=m&color=navy')).toBe('?color=navy&size=m');
    expect(redirect('page=2&sort=name&color=teal&color=navy')).toBe('?color=navy&sort=name&page=2');
    expect(redirect('color=navy&sort=position')).toBe('?color=navy');
    expect(redirect('utm_source=mail&color=navy')).toBeNull();
  });
});

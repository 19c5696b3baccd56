import { describe, expect, it } from 'vitest';
import type { ConfigurableOption, Product } from '../content/schemas.ts';
import { gated } from '../agents/test-support.ts';
import { buildFacetIndex, MAX_FACET_VALUES, priceStep, valueSlug } from './facet-index.ts';

const product = (id: number, fields: Partial<Product> = {}): Product => ({
  id,
  sku: `SKU-${id}`,
  type: 'simple',
  name: `Product ${id}`,
  urlKey: `product-${id}`,
  price: 10 * id,
  specialPrice: null,
  finalPrice: 10 * id,
  minimalPrice: 10 * id,
  currency: 'USD',
  stockStatus: 'in_stock',
  qty: 1,
  shortDescription: '',
  description: '',
  imageUrl: '/media/x.svg',
  images: [],
  categoryIds: [1],
  relatedSkus: [],
  attributes: {},
  position: id,
  createdAt: '2026-01-01 00:00:00',
  updatedAt: '2026-01-01 00:00:00',
  extensions: {},
  ...fields,
});

const option = (attributeCode: string, label: string, values: Array<[number, string]>): ConfigurableOption => ({
  attributeCode,
  label,
  values: values.map(([valueIndex, value]) => ({ valueIndex, label: value })),
});

const jacket = (id: number, sizes: Array<[number, string]>, colors: Array<[number, string]>, fields: Partial<Product> = {}) =>
  product(id, { type: 'configurable', availableOptions: [option('color', 'Color', colors), option('size', 'Size', sizes)], ...fields });

describe('buildFacetIndex', () => {
  const members = [
    jacket(1, [[203, 'M'], [204, 'L']], [[102, 'Navy']], { attributes: { brand: 'Loam', weightKg: 0.4, ecoFriendly: true } }),
    jacket(2, [[201, 'XS'], [202, 'S']], [[101, 'Black'], [102, 'Navy']], { attributes: { brand: 'Tidewater', weightKg: 0.6, ecoFriendly: false }, stockStatus: 'out_of_stock' }),
    product(3, { attributes: { brand: 'Loam', color: 'Rust', size: 'One Size', weightKg: 0.3, ecoFriendly: true } }),
  ];
  const index = buildFacetIndex(7, members, 24);

  it('offers the configurable options first, then text and yes/no attributes by label; numbers are no filter', () => {
    expect(index.facets.map((facet) => [facet.code, facet.label])).toEqual([
      ['color', 'Color'],
      ['size', 'Size'],
      ['brand', 'Brand'],
      ['ecoFriendly', 'Eco friendly'],
    ]);
  });

  it("orders option values by the options' value numbers, other values after them alphabetically", () => {
    const size = index.facets.find((facet) => facet.code === 'size')!;
    expect(size.values.map((value) => value.label)).toEqual(['XS', 'S', 'M', 'L', 'One Size']);
    expect(size.values.map((value) => value.slug)).toEqual(['xs', 's', 'm', 'l', 'one-size']);
    const color = index.facets.find((facet) => facet.code === 'color')!;
    expect(color.values.map((value) => value.label)).toEqual(['Black', 'Navy', 'Rust']);
  });

  it('keeps each member in listing order with its values, shown price and stock', () => {
    expect(index).toMatchObject({ categoryId: 7, pageSize: 24, priceStep: 10 });
    expect(index.products.map((member) => [member.id, member.price, member.inStock])).toEqual([
      [1, 10, true],
      [2, 20, false],
      [3, 30, true],
    ]);
    // color: Black 0, Navy 1, Rust 2; size: XS 0, S 1, M 2, L 3, One Size 4; brand: Loam 0, Tidewater 1; eco: No 0, Yes 1.
    expect(index.products.map((member) => member.values)).toEqual([
      [[1], [2, 3], [0], [1]],
      [[0, 1], [0, 1], [1], [0]],
      [[2], [4], [0], [1]],
    ]);
  });

  it('leaves out an attribute every member shares (it narrows nothing) and one with too many values to list', () => {
    const shared = buildFacetIndex(1, [product(1, { attributes: { format: 'PDF' } }), product(2, { attributes: { format: 'PDF' } })], 24);
    expect(shared.facets).toEqual([]);
    const many = Array.from({ length: MAX_FACET_VALUES + 1 }, (_, index) => product(index + 1, { attributes: { model: `M-${index}` } }));
    expect(buildFacetIndex(1, many, 24).facets).toEqual([]);
  });

  it('leaves out codes the listing uses itself and codes that are not URL-safe', () => {
    const members = [product(1, { attributes: { price: 'cheap', 'a b': 'x', page: '1' } }), product(2)];
    expect(buildFacetIndex(1, members, 24).facets).toEqual([]);
  });

  it('holds no price at all, and offers no price filter, when a price is hidden on the listing', () => {
    const hidden = product(2, { price: null, finalPrice: null, minimalPrice: null, extensions: gated('Sign in for trade prices') });
    const withHidden = buildFacetIndex(1, [product(1), hidden], 24);
    expect(withHidden.priceStep).toBeNull();
    expect(withHidden.products.map((member) => member.price)).toEqual([null, null]);
  });

  it('gives colliding value spellings their own URL values', () => {
    const members = [product(1, { attributes: { finish: 'Matte' } }), product(2, { attributes: { finish: 'matte!' } }), product(3)];
    expect(buildFacetIndex(1, members, 24).facets[0]!.values.map((value) => value.slug)).toEqual(['matte', 'matte-2']);
  });
});

describe('priceStep', () => {
  it('picks a round step giving at most six ranges', () => {
    expect(priceStep([12, 18])).toBe(10);
    expect(priceStep([10, 20, 30])).toBe(10);
    expect(priceStep([19, 189])).toBe(50);
    expect(priceStep([5, 1200])).toBe(500);
    expect(priceStep([])).toBeNull();
  });
});

describe('valueSlug', () => {
  it('spells a value for a URL', () => {
    expect(valueSlug('US 9')).toBe('us-9');
    expect(valueSlug('Crème Brûlée')).toBe('creme-brulee');
    expect(valueSlug('***')).toBe('value');
  });
});

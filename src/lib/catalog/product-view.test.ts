import { describe, expect, it } from 'vitest';
import {
  configurableChoices,
  isInStock,
  productGallery,
  productBrand,
  productHref,
  productInStock,
  sortedBundleOptions,
  specifications,
} from './product-view.ts';

describe('productGallery', () => {
  it('orders images by position, drops duplicates and fills missing labels', () => {
    const gallery = productGallery({
      name: 'Tee',
      imageUrl: '/media/a.svg',
      images: [
        { url: '/media/b.svg', label: 'Back', position: 2 },
        { url: '/media/a.svg', label: '', position: 1 },
        { url: '/media/b.svg', label: 'Again', position: 3 },
      ],
    });
    expect(gallery).toEqual([
      { url: '/media/a.svg', alt: 'Tee' },
      { url: '/media/b.svg', alt: 'Back' },
    ]);
  });
  it('falls back to the main image', () => {
    expect(productGallery({ name: 'Mug', imageUrl: '/m.svg', images: [] })).toEqual([{ url: '/m.svg', alt: 'Mug' }]);
    expect(productGallery({ name: 'Mug', imageUrl: '', images: [] })).toEqual([]);
  });
});

describe('small helpers', () => {
  it('links and stock', () => {
    expect(productHref('blue-tee')).toBe('/blue-tee');
    expect(productHref('a b')).toBe('/a%20b');
    expect(isInStock('in_stock')).toBe(true);
    expect(isInStock('out_of_stock')).toBe(false);
  });
  it('labels attributes', () => {
    expect(specifications({ material: 'Cotton', CountryOfOrigin: 'PT', organic: true, WeightKg: 0.2, empty: '' })).toEqual([
      { label: 'Material', value: 'Cotton' },
      { label: 'Country of origin', value: 'PT' },
      { label: 'Organic', value: 'Yes' },
      { label: 'Weight (kg)', value: '0.2' },
    ]);
  });
  it('sorts bundle options by position', () => {
    const option = (id: number, position: number) => ({ id, title: `O${id}`, type: 'select' as const, required: true, position, selections: [] });
    expect(sortedBundleOptions([option(1, 2), option(2, 1)]).map((o) => o.id)).toEqual([2, 1]);
  });
});

describe('configurableChoices', () => {
  const options = [
    { attributeCode: 'color', label: 'Color', values: [{ valueIndex: 1, label: 'Red' }, { valueIndex: 2, label: 'Blue' }] },
  ];
  const variant = (color: number, stockStatus: 'in_stock' | 'out_of_stock') => ({
    id: color, sku: `V${color}`, name: 'v', attributes: { color }, price: 1, specialPrice: null, finalPrice: 1, stockStatus, qty: 1, imageUrl: '',
  });
  it('marks values without an in-stock variant as unavailable', () => {
    const choices = configurableChoices({ configurableOptions: options, variants: [variant(1, 'in_stock'), variant(2, 'out_of_stock')] });
    expect(choices[0]?.values.map((value) => value.available)).toEqual([true, false]);
  });
  it('marks every value sold out when no variant is sold at all (a detail record with an empty list)', () => {
    expect(configurableChoices({ configurableOptions: options, variants: [] }).flatMap((c) => c.values.map((v) => v.available))).toEqual([false, false]);
  });
  it('calls a configurable sold out when every variant is, whatever its own stock status says', () => {
    const record = { type: 'configurable' as const, stockStatus: 'in_stock' as const };
    expect(productInStock({ ...record, variants: [variant(1, 'out_of_stock'), variant(2, 'out_of_stock')] })).toBe(false);
    expect(productInStock({ ...record, variants: [variant(1, 'out_of_stock'), variant(2, 'in_stock')] })).toBe(true);
    expect(productInStock({ ...record, variants: [] })).toBe(false);
    // A listing stub has no variant list: its own status counts, as for every other type.
    expect(productInStock(record)).toBe(true);
    expect(productInStock({ type: 'simple', stockStatus: 'out_of_stock' })).toBe(false);
  });
  it('treats every value as available without a variant list, and a stub as having no options', () => {
    expect(configurableChoices({ configurableOptions: options }).flatMap((c) => c.values.map((v) => v.available))).toEqual([true, true]);
    expect(configurableChoices({})).toEqual([]);
  });
});

describe('productBrand', () => {
  it('reads brand or manufacturer text', () => {
    expect(productBrand({ brand: 'Acme' })).toBe('Acme');
    expect(productBrand({ manufacturer: 'Maker' })).toBe('Maker');
    expect(productBrand({ brand: 3 })).toBeNull();
    expect(productBrand({})).toBeNull();
  });
});

describe('productGallery safety', () => {
  it('drops images whose URL could run script', () => {
    const gallery = productGallery({
      name: 'X',
      imageUrl: 'javascript:alert(1)',
      images: [{ url: 'javascript:alert(1)', label: 'bad', position: 1 }],
    });
    expect(gallery).toEqual([]);
  });
});

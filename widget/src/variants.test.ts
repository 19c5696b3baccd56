import { describe, expect, it } from 'vitest';
import type { WidgetProduct } from './types.ts';
import { availableValues, chosenVariant } from './variants.ts';

const variant = (sku: string, size: number, colour: number, stockStatus = 'in_stock') => ({
  sku, attributes: { size, colour }, price: 30, finalPrice: 30, stockStatus, imageUrl: '',
});
const tee = {
  sku: 'TEE', name: 'Tee', type: 'configurable', price: 30, finalPrice: 30, imageUrl: '', stockStatus: 'in_stock', url: '',
  configurableOptions: [
    { attributeCode: 'size', label: 'Size', values: [{ valueIndex: 1, label: 'S' }, { valueIndex: 2, label: 'M' }] },
    { attributeCode: 'colour', label: 'Colour', values: [{ valueIndex: 7, label: 'Blue' }, { valueIndex: 8, label: 'Red' }] },
  ],
  variants: [variant('TEE-S-B', 1, 7), variant('TEE-S-R', 1, 8, 'out_of_stock'), variant('TEE-M-B', 2, 7)],
} satisfies WidgetProduct;

describe('chosenVariant', () => {
  it('names no variant until every option has a value', () => {
    expect(chosenVariant(tee, { size: 1 })).toBeNull();
    expect(chosenVariant(tee, { size: 1, colour: 7 })?.sku).toBe('TEE-S-B');
    expect(chosenVariant(tee, { size: 2, colour: 8 })).toBeNull();
  });
});

describe('availableValues', () => {
  it('offers the values an in-stock variant has with the other choices', () => {
    expect([...availableValues(tee, {}, 'colour')].sort()).toEqual([7]);
    expect([...availableValues(tee, { colour: 7 }, 'size')].sort()).toEqual([1, 2]);
    expect([...availableValues(tee, { size: 1, colour: 7 }, 'colour')]).toEqual([7]);
    expect([...availableValues(tee, { size: 2 }, 'colour')]).toEqual([7]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Product } from '../content/schemas.ts';
import { isListingStub } from './product-stub.ts';

const base = { type: 'simple' } as Pick<Product, 'type'>;
const stub = (fields: Partial<Product>) => isListingStub({ ...base, ...fields } as Product);

describe('isListingStub (SPEC.md table)', () => {
  it.each([
    ['configurable', { configurableOptions: [] }],
    ['configurable', {}],
    ['grouped', { groupedProducts: [] }],
    ['bundle', {}],
    ['downloadable', { downloadableLinks: [] }],
    ['giftcard', {}],
  ] as Array<[Product['type'], Partial<Product>]>)('a %s record without its children is a stub', (type, fields) => {
    expect(stub({ type, ...fields })).toBe(true);
  });

  it('a record with its children, or of a type without children, is complete', () => {
    expect(stub({ type: 'configurable', configurableOptions: [{ attributeCode: 'size', label: 'Size', values: [] }] })).toBe(false);
    expect(stub({ type: 'giftcard', giftcardType: 'virtual' })).toBe(false);
    expect(stub({ type: 'simple' })).toBe(false);
    expect(stub({ type: 'virtual' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { ProductCard } from '../content/schemas.ts';
import { pickExamples } from './demo-examples.ts';

const card = (sku: string, extra: Partial<ProductCard>): ProductCard => ({ sku, type: 'simple', stockStatus: 'in_stock', price: 10, ...extra }) as ProductCard;
const gated = { b2bAccess: { gateFlags: { requiresLogin: false, hidePrice: true, canCheckout: false, hiddenFromListings: false }, hiddenPriceMessage: 'Trade only', redirectTo: null } };

describe('pickExamples', () => {
  it('takes the first product of each kind, in the page order', () => {
    const examples = pickExamples([
      card('GATED', { price: null, extensions: gated }),
      card('OUT', { stockStatus: 'out_of_stock' }),
      card('S1', {}),
      card('S2', {}),
      card('C1', { type: 'configurable' }),
    ]);
    expect(examples.map((example) => [example.kind, example.sku])).toEqual([
      ['simple', 'S1'],
      ['configurable', 'C1'],
      ['sold-out', 'OUT'],
      ['b2b-gated', 'GATED'],
    ]);
  });

  it('leaves out the kinds the catalog lacks', () => {
    expect(pickExamples([card('S1', {})]).map((example) => example.kind)).toEqual(['simple']);
  });
});

import { describe, expect, it } from 'vitest';
import type { ProductCard } from '../content/schemas.ts';
import { pickRelated } from './related.ts';

const card = (sku: string): ProductCard => ({
  id: 1, sku, type: 'simple', name: sku, urlKey: sku.toLowerCase(), price: 1, specialPrice: null, finalPrice: 1,
  minimalPrice: 1, stockStatus: 'in_stock', imageUrl: '', position: 0,
});

describe('pickRelated', () => {
  it('puts the named related SKUs first and never the product itself', () => {
    const pool = ['A', 'B', 'SELF', 'C', 'D', 'E'].map(card);
    expect(pickRelated({ sku: 'SELF', relatedSkus: ['D'] }, pool).map((c) => c.sku)).toEqual(['D', 'A', 'B', 'C']);
  });
});

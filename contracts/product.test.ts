import { describe, expect, it } from 'vitest';
import { driftOf } from './drift.ts';
import { productDetailSchema, productListingSchema, type ProductDetail } from './product.ts';

const listing = {
  id: 1, sku: 'KIT-1', type: 'bundle', name: 'Camp kit', urlKey: 'camp-kit', price: 0, specialPrice: null, finalPrice: 0, minimalPrice: 40,
  currency: 'USD', stockStatus: 'in_stock', qty: 5, shortDescription: '', description: '<p>All you need.</p>', imageUrl: '/media/kit.svg',
  images: [], categoryIds: [3], relatedSkus: [], attributes: { weight: 2.5 }, position: 1, createdAt: '2026-01-01 00:00:00',
  updatedAt: '2026-01-02 00:00:00', extensions: {},
} satisfies ProductDetail;
const detail = {
  ...listing,
  bundleOptions: [{ id: 7, title: 'Tent', type: 'radio', required: true, position: 1, selections: [{ id: 70, sku: 'TENT', name: 'Tent', price: 40, defaultQty: 1, isDefault: true }] }],
} satisfies ProductDetail;
const gate = { gateFlags: { requiresLogin: false, hidePrice: true, canCheckout: false, hiddenFromListings: false }, hiddenPriceMessage: 'Trade prices after login', redirectTo: null };

describe('the product contract', () => {
  it('accepts the records the backend answers', () => {
    expect(driftOf(productListingSchema, listing)).toEqual([]);
    expect(driftOf(productDetailSchema, detail)).toEqual([]);
  });

  it('accepts a gated record: extensions.b2bAccess with every price null (DECISIONS.md 30)', () => {
    const gated = {
      ...detail, price: null, finalPrice: null, minimalPrice: null, extensions: { b2bAccess: gate },
      bundleOptions: detail.bundleOptions.map((option) => ({ ...option, selections: option.selections.map((s) => ({ ...s, price: null })) })),
    };
    expect(driftOf(productDetailSchema, gated)).toEqual([]);
  });

  it('lets other modules’ blocks through extensions, but holds b2bAccess to its shape', () => {
    expect(driftOf(productListingSchema, { ...listing, extensions: { companyPrice: { amount: 12 } } })).toEqual([]);
    expect(driftOf(productListingSchema, { ...listing, extensions: { b2bAccess: { ...gate, redirectTo: undefined } } })).toEqual([
      'extensions.b2bAccess.redirectTo: Invalid input: expected string, received undefined',
    ]);
    expect(driftOf(productListingSchema, { ...listing, extensions: { b2bAccess: { ...gate, note: 'x' } } })).toEqual(['extensions.b2bAccess.note: not in the contract']);
  });

  it('reports keys it does not know, at any depth: drift a tolerant parse would hide', () => {
    expect(productListingSchema.safeParse({ ...listing, badge: 'new' }).success).toBe(true);
    expect(driftOf(productListingSchema, { ...listing, badge: 'new' })).toEqual(['badge: not in the contract']);
    expect(driftOf(productListingSchema, detail)).toEqual(['bundleOptions: not in the contract']);
    const extraInSelection = { ...detail, bundleOptions: [{ ...detail.bundleOptions[0]!, selections: [{ ...detail.bundleOptions[0]!.selections[0]!, tax: 1 }] }] };
    expect(driftOf(productDetailSchema, extraInSelection)).toEqual(['bundleOptions.0.selections.0.tax: not in the contract']);
  });

  it('refuses missing fields and wrong types', () => {
    const withoutCurrency: Partial<ProductDetail> = { ...listing };
    delete withoutCurrency.currency;
    expect(driftOf(productListingSchema, withoutCurrency)).toEqual(['currency: Invalid input: expected string, received undefined']);
    expect(driftOf(productListingSchema, { ...listing, price: '12.00' })).toHaveLength(1);
    expect(driftOf(productListingSchema, { ...listing, updatedAt: '2026-01-02T00:00:00Z' })).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { driftOf } from './drift.ts';
import { embedProductsSchema, type EmbedProducts, type WidgetProduct } from './widget-product.ts';

const tee = {
  sku: 'TEE-1', name: 'Blue tee', type: 'configurable', price: 30, finalPrice: 25, imageUrl: 'https://shop.example/media/tee.svg', stockStatus: 'in_stock',
  url: 'https://shop.example/blue-tee', configurableOptions: [{ attributeCode: 'size', label: 'Size', values: [{ valueIndex: 1, label: 'S' }] }],
  variants: [{ sku: 'TEE-1-S', attributes: { size: 1 }, price: 30, finalPrice: 25, stockStatus: 'in_stock', imageUrl: 'https://shop.example/media/tee-s.svg' }],
  groupedProducts: [], bundleOptions: [], downloadableLinks: [], giftcard: null,
} satisfies WidgetProduct;
const answer = {
  products: [tee],
  config: { currency: 'USD', defaultCountry: 'US', paymentProvider: 'test', paymentPublishableKey: 'pk_test_local', mapsKey: null, detectedCountry: '' },
} satisfies EmbedProducts;
const gateFlags = { requiresLogin: false, hidePrice: true, canCheckout: false, hiddenFromListings: false };

describe('the widget record contract (/embed/products)', () => {
  it('accepts the answer the storefront builds, gated records included', () => {
    expect(driftOf(embedProductsSchema, answer)).toEqual([]);
    const gated = { ...tee, price: null, finalPrice: null, variants: [], gateFlags, hiddenPriceMessage: 'Trade prices after login' };
    expect(driftOf(embedProductsSchema, { ...answer, products: [gated] })).toEqual([]);
  });

  it('holds the fields the widget once kept looser copies of: all four gate flags, a known payment provider', () => {
    const threeFlags = { requiresLogin: false, hidePrice: true, canCheckout: false };
    expect(driftOf(embedProductsSchema, { ...answer, products: [{ ...tee, gateFlags: threeFlags }] })).toEqual([
      'products.0.gateFlags.hiddenFromListings: Invalid input: expected boolean, received undefined',
    ]);
    expect(driftOf(embedProductsSchema, { ...answer, config: { ...answer.config, paymentProvider: 'paypal' } })).toHaveLength(1);
    expect(driftOf(embedProductsSchema, { ...answer, products: [{ ...tee, stock: 3 }] })).toEqual(['products.0.stock: not in the contract']);
  });
});

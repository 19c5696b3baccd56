import { describe, expect, it } from 'vitest';
import { gated, product } from '../agents/test-support.ts';
import { widgetProduct } from './widget-product.ts';

const ORIGIN = 'https://shop.example.test';

describe('widgetProduct', () => {
  it('makes the image and page URLs absolute on the store origin', () => {
    const record = widgetProduct(product(), ORIGIN);
    expect(record).toMatchObject({
      sku: 'TEE-1', name: 'Blue tee', type: 'simple', price: 30, finalPrice: 25, stockStatus: 'in_stock',
      imageUrl: 'https://shop.example.test/media/tee.svg', url: 'https://shop.example.test/blue-tee',
      configurableOptions: [], variants: [],
    });
    expect(record).not.toHaveProperty('gateFlags');
  });

  it('keeps withheld prices null and carries the gate flags and message', () => {
    const record = widgetProduct(product({ price: null, finalPrice: null, extensions: gated('Sign in for trade prices') }), ORIGIN);
    expect(record.price).toBeNull();
    expect(record.finalPrice).toBeNull();
    expect(record.gateFlags).toMatchObject({ hidePrice: true, canCheckout: false });
    expect(record.hiddenPriceMessage).toBe('Sign in for trade prices');
  });

  it('gives each variant its option values, prices, stock and absolute image', () => {
    const configurable = product({
      type: 'configurable',
      configurableOptions: [{ attributeCode: 'size', label: 'Size', values: [{ valueIndex: 1, label: 'S' }] }],
      variants: [{
        id: 2, sku: 'TEE-1-S', name: 'Blue tee S', attributes: { size: 1 }, price: 30, specialPrice: null, finalPrice: 30,
        stockStatus: 'out_of_stock', qty: 0, imageUrl: '/media/tee-s.svg',
      }],
    });
    expect(widgetProduct(configurable, ORIGIN).variants).toEqual([
      { sku: 'TEE-1-S', attributes: { size: 1 }, price: 30, finalPrice: 30, stockStatus: 'out_of_stock', imageUrl: 'https://shop.example.test/media/tee-s.svg' },
    ]);
  });

  it('carries a bundle\'s options, a group\'s members, the downloads and the gift card amounts in the store\'s order', () => {
    const bundle = product({
      type: 'bundle',
      bundleOptions: [
        { id: 8, title: 'Bag', type: 'checkbox', required: false, position: 2, selections: [{ id: 81, sku: 'BAG', name: 'Bag', price: 5, defaultQty: 1, isDefault: false }] },
        { id: 7, title: 'Shirt', type: 'radio', required: true, position: 1, selections: [{ id: 71, sku: 'TEE', name: 'Tee', price: 20, defaultQty: 2, isDefault: true }] },
      ],
    });
    expect(widgetProduct(bundle, ORIGIN).bundleOptions).toEqual([
      { id: 7, title: 'Shirt', type: 'radio', required: true, selections: [{ id: 71, name: 'Tee', price: 20, defaultQty: 2, isDefault: true }] },
      { id: 8, title: 'Bag', type: 'checkbox', required: false, selections: [{ id: 81, name: 'Bag', price: 5, defaultQty: 1, isDefault: false }] },
    ]);
    const links = product({ type: 'downloadable', downloadableLinks: [
      { id: 2, title: 'Extras', price: 4, sampleUrl: null, sortOrder: 2 },
      { id: 1, title: 'Album', price: 0, sampleUrl: '/s.mp3', sortOrder: 1 },
    ] });
    expect(widgetProduct(links, ORIGIN).downloadableLinks).toEqual([{ id: 1, title: 'Album', price: 0 }, { id: 2, title: 'Extras', price: 4 }]);
    const card = product({ type: 'giftcard', giftcardType: 'virtual', giftcardAmounts: [25, 50], allowOpenAmount: true, openAmountMin: 10, openAmountMax: 200 });
    expect(widgetProduct(card, ORIGIN).giftcard).toEqual({ type: 'virtual', amounts: [25, 50], openAmount: { min: 10, max: 200 } });
    expect(widgetProduct(product(), ORIGIN)).toMatchObject({ groupedProducts: [], bundleOptions: [], downloadableLinks: [], giftcard: null });
  });
});

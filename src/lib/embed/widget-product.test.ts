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
});

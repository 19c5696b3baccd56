import { describe, expect, it } from 'vitest';
import { gated, product } from '../test-support.ts';
import { ucpProductDetail, ucpProductSummary } from './catalog-shapes.ts';

const ORIGIN = 'https://shop.example';

describe('ucpProductSummary', () => {
  it('gives prices in minor units with absolute URLs', () => {
    expect(ucpProductSummary(product({ minimalPrice: 19.99, finalPrice: 25 }), ORIGIN)).toMatchObject({
      id: '1',
      sku: 'TEE-1',
      handle: 'blue-tee',
      url: 'https://shop.example/blue-tee',
      media: [{ type: 'image', url: 'https://shop.example/media/tee.svg' }],
      price_range: { min: { amount: 1999, currency: 'USD' }, max: { amount: 2500, currency: 'USD' } },
      purchasable: true,
      availability: { available: true },
    });
  });

  it('leaves a withheld price out (never zero) and says why; a gated product is not purchasable', () => {
    const summary = ucpProductSummary(
      product({ price: null, specialPrice: null, finalPrice: null, minimalPrice: null, extensions: gated('Trade prices for trade accounts.') }),
      ORIGIN,
    );
    expect(summary.price_range).toBeUndefined();
    expect(summary.purchasable).toBe(false);
    expect(summary.messages).toEqual([{ type: 'info', code: 'price_hidden', content: 'Trade prices for trade accounts.' }]);
  });

  it('a shown price with purchase blocked is not purchasable and says so', () => {
    const summary = ucpProductSummary(product({ extensions: gated('Ask us.', { hidePrice: false }) }), ORIGIN);
    expect(summary.price_range?.min.amount).toBe(2500);
    expect(summary.purchasable).toBe(false);
    expect(summary.messages?.[0]?.code).toBe('purchase_blocked');
  });
});

describe('ucpProductDetail', () => {
  it("names a configurable's options and each variant's choice by label", () => {
    const detail = ucpProductDetail(
      product({
        type: 'configurable',
        configurableOptions: [
          { attributeCode: 'color', label: 'Colour', values: [{ valueIndex: 1, label: 'Navy' }, { valueIndex: 2, label: 'Red' }] },
          { attributeCode: 'size', label: 'Size', values: [{ valueIndex: 7, label: 'M' }] },
        ],
        variants: [
          { id: 11, sku: 'TEE-1-NAVY-M', name: 'Blue tee Navy M', attributes: { color: 1, size: 7 }, price: 30, specialPrice: null, finalPrice: 30, stockStatus: 'in_stock', qty: 3, imageUrl: '', extensions: {} },
          { id: 12, sku: 'TEE-1-RED-M', name: 'Blue tee Red M', attributes: { color: 2, size: 7 }, price: null, specialPrice: null, finalPrice: null, stockStatus: 'out_of_stock', qty: 0, imageUrl: '', extensions: {} },
        ],
      }),
      ORIGIN,
    );
    expect(detail.options).toEqual([
      { name: 'Colour', code: 'color', values: [{ label: 'Navy' }, { label: 'Red' }] },
      { name: 'Size', code: 'size', values: [{ label: 'M' }] },
    ]);
    expect(detail.variants).toEqual([
      { id: '11', sku: 'TEE-1-NAVY-M', title: 'Blue tee Navy M', price: { amount: 3000, currency: 'USD' }, availability: { available: true }, options: [{ name: 'Colour', label: 'Navy' }, { name: 'Size', label: 'M' }] },
      { id: '12', sku: 'TEE-1-RED-M', title: 'Blue tee Red M', availability: { available: false }, options: [{ name: 'Colour', label: 'Red' }, { name: 'Size', label: 'M' }] },
    ]);
  });
});

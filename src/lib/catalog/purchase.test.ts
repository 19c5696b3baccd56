import { describe, expect, it } from 'vitest';
import { gated, product } from '../agents/test-support.ts';
import { availableValues, cartRequest, chosenOptions, customerPriceDiffers, matchingVariant, purchaseInfo } from './purchase.ts';
import type { PurchaseInfo } from './purchase-info.ts';
import { form } from './test-support.ts';

const tee: PurchaseInfo = {
  id: 1,
  sku: 'TEE',
  guestPrice: 20,
  type: 'configurable',
  inStock: true,
  optionCodes: ['color', 'size'],
  variants: [
    { sku: 'TEE-R-S', attributes: { color: 1, size: 10 }, price: 20, specialPrice: null, inStock: true, imageUrl: '/r.svg' },
    { sku: 'TEE-B-S', attributes: { color: 2, size: 10 }, price: 22, specialPrice: 18, inStock: false, imageUrl: '/b.svg' },
  ],
  grouped: [],
  bundle: [],
  links: [],
};

describe('purchase', () => {
  it('reads chosen options and skips blanks', () => {
    expect(chosenOptions(form({ 'options[color]': '2', 'options[size]': '' }), tee.optionCodes)).toEqual({ color: 2 });
  });

  it('finds the variant only when every option is chosen', () => {
    expect(matchingVariant(tee, { color: 2 })).toBeNull();
    expect(matchingVariant(tee, { color: 2, size: 10 })?.sku).toBe('TEE-B-S');
    expect(matchingVariant(tee, { color: 3, size: 10 })).toBeNull();
  });

  it('offers the values an in-stock variant has together with the other options chosen', () => {
    const grid: PurchaseInfo = {
      ...tee,
      variants: [
        { ...tee.variants[0]!, sku: 'R-S', attributes: { color: 1, size: 10 }, inStock: false },
        { ...tee.variants[0]!, sku: 'R-M', attributes: { color: 1, size: 11 }, inStock: true },
        { ...tee.variants[0]!, sku: 'B-S', attributes: { color: 2, size: 10 }, inStock: true },
        { ...tee.variants[0]!, sku: 'B-M', attributes: { color: 2, size: 11 }, inStock: false },
        { ...tee.variants[0]!, sku: 'G-S', attributes: { color: 3, size: 10 }, inStock: false },
      ],
    };
    // Nothing chosen: a value is sold out only when every combination with it is (green).
    expect([...availableValues(grid, {}, 'color')].sort()).toEqual([1, 2]);
    expect([...availableValues(grid, {}, 'size')].sort()).toEqual([10, 11]);
    // Red chosen: small is sold out in red; the size's own choice does not narrow the sizes.
    expect([...availableValues(grid, { color: 1 }, 'size')]).toEqual([11]);
    expect([...availableValues(grid, { color: 1, size: 10 }, 'size')]).toEqual([11]);
    expect([...availableValues(grid, { size: 10 }, 'color')]).toEqual([2]);
  });

  it('asks for the parent with options for a configurable product', () => {
    expect(cartRequest(tee, form({ qty: '3', 'options[color]': '1', 'options[size]': '10' }))).toEqual({ sku: 'TEE', qty: 3, options: { color: 1, size: 10 } });
  });

  it('asks for a grouped product with the quantity of each member, or for nothing', () => {
    const set: PurchaseInfo = { ...tee, type: 'grouped', grouped: [{ id: 5, sku: 'A' }, { id: 6, sku: 'B' }] };
    expect(cartRequest(set, form({ 'grouped[5]': '2', 'grouped[6]': '0' }))).toEqual({ sku: 'TEE', qty: 1, groupedQuantities: { A: 2 } });
    expect(cartRequest(set, form({ 'grouped[5]': '0' }))).toBeNull();
  });

  it('never asks for less than one of a simple product', () => {
    expect(cartRequest({ ...tee, type: 'simple' }, form({ qty: '-4' }))).toEqual({ sku: 'TEE', qty: 1 });
  });

  it('carries no price of a product whose prices the B2B gate hides, even one that slipped through', () => {
    const variant = { id: 2, sku: 'TEE-R', name: 'Red', attributes: { color: 1 }, price: 20, specialPrice: 15, finalPrice: 15, stockStatus: 'in_stock' as const, qty: 3, imageUrl: '' };
    const selection = { id: 9, sku: 'PART', name: 'Part', price: 4, defaultQty: 1, isDefault: true };
    const record = product({
      type: 'configurable',
      variants: [variant],
      bundleOptions: [{ id: 8, title: 'Part', type: 'radio', required: true, position: 1, selections: [selection] }],
      downloadableLinks: [{ id: 3, title: 'PDF', price: 2, sampleUrl: null, sortOrder: 1 }],
      extensions: gated('Trade prices after login'),
    });
    const info = purchaseInfo(record);
    expect(info.guestPrice).toBeNull();
    expect(info.variants.map((v) => [v.price, v.specialPrice])).toEqual([[null, null]]);
    expect(info.bundle.flatMap((option) => option.selections.map((s) => s.price))).toEqual([null]);
    expect(info.links.map((link) => link.price)).toEqual([null]);
    // Without the gate the same record's prices stand.
    expect(purchaseInfo({ ...record, extensions: {} }).variants[0]?.price).toBe(20);
    // Prices withheld by the backend (null) come through as null.
    const withheld = purchaseInfo(product({ price: null, specialPrice: null, finalPrice: null, minimalPrice: null, variants: [{ ...variant, price: null, specialPrice: null, finalPrice: null }] }));
    expect([withheld.guestPrice, withheld.variants[0]?.price]).toEqual([null, null]);
  });

  it('shows a customer price only when it differs from the page', () => {
    expect(customerPriceDiffers(tee, 18)).toBe(true);
    expect(customerPriceDiffers(tee, 20)).toBe(false);
    expect(customerPriceDiffers({ guestPrice: null }, 20)).toBe(true);
    expect(customerPriceDiffers(tee, null)).toBe(false);
  });
});

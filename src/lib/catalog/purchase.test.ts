import { describe, expect, it } from 'vitest';
import { cartRequest, chosenOptions, customerPriceDiffers, matchingVariant, type PurchaseInfo } from './purchase.ts';
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

  it('shows a customer price only when it differs from the page', () => {
    expect(customerPriceDiffers(tee, 18)).toBe(true);
    expect(customerPriceDiffers(tee, 20)).toBe(false);
    expect(customerPriceDiffers({ guestPrice: null }, 20)).toBe(true);
    expect(customerPriceDiffers(tee, null)).toBe(false);
  });
});

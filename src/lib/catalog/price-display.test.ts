import { describe, expect, it } from 'vitest';
import { gated } from '../agents/test-support.ts';
import { childPriceDisplay, priceDisplay, pricesHidden, productPriceDisplay } from './price-display.ts';

describe('priceDisplay', () => {
  it('shows a plain price', () => {
    expect(priceDisplay({ type: 'simple', price: 20, specialPrice: null, finalPrice: 20, minimalPrice: 20 })).toEqual({
      kind: 'price', amount: 20, regular: null, percentOff: null, from: false,
    });
  });
  it('shows a special price as a sale with the regular price', () => {
    expect(priceDisplay({ type: 'simple', price: 40, specialPrice: 30, finalPrice: 30, minimalPrice: 30 })).toEqual({
      kind: 'price', amount: 30, regular: 40, percentOff: 25, from: false,
    });
  });
  it('ignores a special price that is not lower', () => {
    expect(priceDisplay({ type: 'simple', price: 40, specialPrice: 45, finalPrice: 40 })).toMatchObject({ amount: 40, regular: null });
  });
  it('uses "from" the minimal price for composite types', () => {
    expect(priceDisplay({ type: 'grouped', price: 0, specialPrice: null, finalPrice: 0, minimalPrice: 12 })).toMatchObject({
      amount: 12, from: true, regular: null,
    });
    expect(priceDisplay({ type: 'giftcard', price: 0, specialPrice: null, finalPrice: 0, minimalPrice: 25 })).toMatchObject({ amount: 25, from: true });
  });
  it('uses "from" for a configurable only when a variant is cheaper', () => {
    expect(priceDisplay({ type: 'configurable', price: 50, specialPrice: null, finalPrice: 50, minimalPrice: 45 })).toMatchObject({ amount: 45, from: true });
    expect(priceDisplay({ type: 'configurable', price: 50, specialPrice: 40, finalPrice: 40, minimalPrice: 40 })).toMatchObject({
      amount: 40, regular: 50, from: false,
    });
  });
  it('is hidden when the backend withheld the prices', () => {
    expect(priceDisplay({ type: 'simple', price: null, specialPrice: null, finalPrice: null, minimalPrice: null })).toEqual({ kind: 'hidden' });
    expect(priceDisplay({ type: 'simple', price: null, specialPrice: null, finalPrice: null })).toEqual({ kind: 'hidden' });
  });
});

describe('childPriceDisplay', () => {
  it('shows a child on sale', () => {
    expect(childPriceDisplay({ price: 10, specialPrice: 8, finalPrice: 8 })).toMatchObject({ amount: 8, regular: 10, percentOff: 20 });
  });
});

describe('productPriceDisplay', () => {
  const card = { type: 'simple' as const, price: 40, specialPrice: 30, finalPrice: 30, minimalPrice: 30 };
  it('hides the price when the B2B gate says hidePrice, even if a price slipped through', () => {
    expect(productPriceDisplay({ ...card, extensions: gated('Trade only') })).toEqual({ kind: 'hidden' });
    expect(pricesHidden({ ...card, extensions: gated('Trade only') })).toBe(true);
  });
  it('shows the price when the gate leaves it visible or there is no gate', () => {
    expect(productPriceDisplay({ ...card, extensions: gated('Trade only', { hidePrice: false }) })).toMatchObject({ kind: 'price', amount: 30 });
    expect(productPriceDisplay({ ...card, extensions: {} })).toMatchObject({ kind: 'price', amount: 30 });
    expect(pricesHidden(card)).toBe(false);
  });
  it('hides a record whose prices the backend withheld', () => {
    expect(pricesHidden({ type: 'bundle', price: null, specialPrice: null, finalPrice: null, minimalPrice: null })).toBe(true);
  });
});

describe('childPriceDisplay with withheld prices', () => {
  it('is hidden for a null price or a gated child', () => {
    expect(childPriceDisplay({ price: null, specialPrice: null, finalPrice: null })).toEqual({ kind: 'hidden' });
    expect(childPriceDisplay({ price: 10, specialPrice: null, finalPrice: 10, extensions: gated('Trade only') })).toEqual({ kind: 'hidden' });
  });
});

import { describe, expect, it } from 'vitest';
import { bundleChoice, defaultBundle, giftcardChoice, groupedChoice, linksChoice } from './composite.ts';
import type { WidgetProduct } from './types.ts';

const base: WidgetProduct = {
  sku: 'P', name: 'P', type: 'simple', price: 10, finalPrice: 10, imageUrl: '', stockStatus: 'in_stock', url: 'https://shop.test/p',
  configurableOptions: [], variants: [], groupedProducts: [], bundleOptions: [], downloadableLinks: [], giftcard: null,
};

const bundle: WidgetProduct = {
  ...base,
  type: 'bundle',
  bundleOptions: [
    { id: 1, title: 'Tent', type: 'radio', required: true, selections: [{ id: 11, name: 'Small', price: 100.1, defaultQty: 1, isDefault: false }, { id: 12, name: 'Large', price: 150, defaultQty: 1, isDefault: true }] },
    { id: 2, title: 'Pegs', type: 'checkbox', required: false, selections: [{ id: 21, name: 'Pegs', price: 0.2, defaultQty: 3, isDefault: false }] },
  ],
};

const form = { listed: NaN, open: NaN, senderName: 'Ann', senderEmail: 'ann@example.com', recipientName: 'Bob', recipientEmail: 'bob@example.com', message: '' };
const card: WidgetProduct = { ...base, type: 'giftcard', giftcard: { type: 'virtual', amounts: [25, 50], openAmount: { min: 10, max: 200 } } };

describe('the composite choices', () => {
  it('a bundle: starts on its defaults, needs its required options, and costs its selections times their quantities', () => {
    expect(defaultBundle(bundle)).toEqual({ 1: [12], 2: [] });
    expect(bundleChoice(bundle, { 1: [], 2: [21] })).toMatchObject({ missing: 'Choose tent.', price: null });
    expect(bundleChoice(bundle, { 1: [11], 2: [21] })).toEqual({ addition: { bundleOptions: { 1: [11], 2: [21] } }, price: 100.7, missing: null });
    const hidden = { ...bundle, bundleOptions: bundle.bundleOptions.map((option) => ({ ...option, selections: option.selections.map((s) => ({ ...s, price: null })) })) };
    expect(bundleChoice(hidden, { 1: [11], 2: [] })).toMatchObject({ price: null, missing: null });
  });

  it('a grouped product: the members with a quantity, at their prices, at least one', () => {
    const group = { ...base, type: 'grouped' as const, groupedProducts: [
      { sku: 'A', name: 'A', finalPrice: 2.5, stockStatus: 'in_stock' as const, defaultQty: 1 },
      { sku: 'B', name: 'B', finalPrice: 4, stockStatus: 'in_stock' as const, defaultQty: 0 },
    ] };
    expect(groupedChoice(group, { A: 0, B: 0 }).missing).toBe('Choose a quantity for at least one item.');
    expect(groupedChoice(group, { A: 2, B: 0 })).toEqual({ addition: { groupedQuantities: { A: 2 } }, price: 5, missing: null });
  });

  it('a downloadable: its price plus the links chosen, one at least when it has links', () => {
    const album = { ...base, type: 'downloadable' as const, downloadableLinks: [{ id: 2, title: 'Bonus', price: 1.5 }, { id: 1, title: 'Album', price: 0 }] };
    expect(linksChoice(album, [])).toMatchObject({ missing: 'Choose at least one download.', price: null });
    expect(linksChoice(album, [2, 1])).toEqual({ addition: { links: [1, 2] }, price: 11.5, missing: null });
    expect(linksChoice({ ...base, type: 'downloadable' }, [])).toMatchObject({ price: 10, missing: null });
  });

  it('a gift card: a listed amount or one in the open range, people and emails as its delivery needs', () => {
    expect(giftcardChoice(card, form).missing).toBe('Choose an amount.');
    expect(giftcardChoice(card, { ...form, listed: 25 })).toEqual({
      addition: { giftcard: { amount: 25, senderName: 'Ann', senderEmail: 'ann@example.com', recipientName: 'Bob', recipientEmail: 'bob@example.com' } },
      price: 25,
      missing: null,
    });
    // The typed amount wins over the listed one, within the range and in whole cents.
    expect(giftcardChoice(card, { ...form, listed: 25, open: 42 }).price).toBe(42);
    expect(giftcardChoice(card, { ...form, open: 300 }).missing).toBe('Enter an amount between 10 and 200.');
    expect(giftcardChoice(card, { ...form, open: 12.345 }).missing).toBe('Enter an amount between 10 and 200.');
    expect(giftcardChoice(card, { ...form, listed: 25, recipientEmail: '' }).missing).toBe("Enter the recipient's email.");
    const physical = { ...card, giftcard: { type: 'physical' as const, amounts: [25], openAmount: null } };
    expect(giftcardChoice(physical, { ...form, listed: 25, senderEmail: '', recipientEmail: '' })).toMatchObject({ missing: null, price: 25 });
    expect(giftcardChoice(physical, { ...form, open: 30 }).missing).toBe('Choose one of the amounts.');
  });
});

import { describe, expect, it } from 'vitest';
import { cartRequest } from './purchase.ts';
import type { PurchaseInfo } from './purchase-info.ts';
import { configuredPrice, missingChoice } from './purchase-choices.ts';
import { form } from './test-support.ts';

const base: PurchaseInfo = { id: 1, sku: 'P', guestPrice: 10, type: 'simple', inStock: true, optionCodes: [], variants: [], grouped: [], bundle: [], links: [] };

const kit: PurchaseInfo = {
  ...base,
  type: 'bundle',
  bundle: [
    { id: 7, selections: [{ id: 70, price: 12.5, qty: 1 }, { id: 71, price: 20, qty: 2 }] },
    { id: 8, selections: [{ id: 80, price: 3, qty: 1 }, { id: 81, price: 4, qty: 1 }] },
  ],
};

describe('purchase choices', () => {
  it('reads a bundle choice from radios, selects and checkboxes, and prices it as the sum of its selections', () => {
    const filled = form({ qty: '2', 'bundle[7]': '71', 'bundle[8][]': ['80', '81'] });
    expect(cartRequest(kit, filled)).toEqual({ sku: 'P', qty: 2, bundleOptions: { 7: [71], 8: [80, 81] } });
    expect(configuredPrice(kit, filled)).toBe(47);
    expect(missingChoice(kit, filled)).toBeNull();
  });

  it('asks for a bundle selection rather than offering an empty bundle at 0', () => {
    const empty = form({ 'bundle[7]': '' });
    expect(missingChoice(kit, empty)).toBe('Choose at least one item for your bundle.');
    expect(configuredPrice(kit, empty)).toBeNull();
    expect(cartRequest(kit, empty)).toBeNull();
    expect(missingChoice({ ...kit, bundle: [] }, form({}))).toBe('Choose at least one item for your bundle.');
  });

  it('shows no price for a choice whose price is withheld (B2B gate), but still lets it be chosen', () => {
    const gatedKit: PurchaseInfo = { ...kit, guestPrice: null, bundle: kit.bundle.map((option) => ({ ...option, selections: option.selections.map((s) => ({ ...s, price: null })) })) };
    const filled = form({ 'bundle[7]': '71', 'bundle[8]': '80' });
    expect(configuredPrice(gatedKit, filled)).toBeNull();
    expect(cartRequest(gatedKit, filled)).toEqual({ sku: 'P', qty: 1, bundleOptions: { '7': [71], '8': [80] } });
    const ebook: PurchaseInfo = { ...base, type: 'downloadable', links: [{ id: 3, price: null }] };
    expect(configuredPrice(ebook, form({ 'links[]': '3' }))).toBeNull();
  });

  it('prices a downloadable as the product plus the checked links', () => {
    const ebook: PurchaseInfo = { ...base, type: 'downloadable', links: [{ id: 3, price: 0 }, { id: 4, price: 5.5 }] };
    const filled = form({ 'links[]': ['3', '4'] });
    expect(cartRequest(ebook, filled)).toEqual({ sku: 'P', qty: 1, links: [3, 4] });
    expect(configuredPrice(ebook, filled)).toBe(15.5);
    expect(cartRequest(ebook, form({}))).toEqual({ sku: 'P', qty: 1, links: [] });
  });

  it('reads a gift card: a typed amount wins, blank optional fields are left out', () => {
    const card: PurchaseInfo = { ...base, type: 'giftcard' };
    const people = { giftcard_sender_name: ' Sam ', giftcard_recipient_name: 'Ada', giftcard_recipient_email: 'ada@example.com', giftcard_message: '' };
    expect(cartRequest(card, form({ giftcard_amount: '50', giftcard_open_amount: '', ...people }))).toEqual({
      sku: 'P',
      qty: 1,
      giftcard: { amount: 50, senderName: 'Sam', recipientName: 'Ada', recipientEmail: 'ada@example.com' },
    });
    expect(cartRequest(card, form({ giftcard_amount: '50', giftcard_open_amount: '37.5', ...people }))?.giftcard?.amount).toBe(37.5);
    expect(configuredPrice(card, form({}))).toBeNull();
  });
});

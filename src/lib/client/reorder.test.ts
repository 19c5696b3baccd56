import { describe, expect, it } from 'vitest';
import { reorderItem } from './reorder.ts';

describe('buying an order line again', () => {
  it('adds a plain line by its SKU and quantity', () => {
    expect(reorderItem({ sku: 'TEE-1', qty: 3, configuration: null })).toEqual({ sku: 'TEE-1', qty: 3 });
  });

  it('keeps the bundle selections and the downloadable links the line was bought with', () => {
    const bundle = { type: 'bundle' as const, selections: [{ optionId: 4, selectionId: 40, qty: 1 }, { optionId: 5, selectionId: 51, qty: 1 }, { optionId: 5, selectionId: 52, qty: 1 }] };
    expect(reorderItem({ sku: 'KIT', qty: 1, configuration: bundle })).toEqual({ sku: 'KIT', qty: 1, bundleOptions: { '4': [40], '5': [51, 52] } });
    expect(reorderItem({ sku: 'EBOOK', qty: 1, configuration: { type: 'downloadable', linkIds: [7, 9] } })).toEqual({ sku: 'EBOOK', qty: 1, links: [7, 9] });
  });

  it('does not resend a gift card, whose recipient and message belonged to that one gift', () => {
    const giftcard = { type: 'giftcard' as const, amount: 50, senderName: 'Ada', senderEmail: null, recipientName: 'Sam', recipientEmail: null, message: null };
    expect(reorderItem({ sku: 'GIFT', qty: 1, configuration: giftcard })).toBeNull();
  });
});

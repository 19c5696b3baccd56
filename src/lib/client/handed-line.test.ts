import { describe, expect, it } from 'vitest';
import { addItemFor } from './handed-line.ts';
import type { CartLine } from './types.ts';

const line = (overrides: Partial<CartLine>): CartLine => ({
  id: 1, productId: 2, sku: 'SKU-1', name: 'A thing', parentSku: null, urlKey: 'a-thing', imageUrl: '/x.png', options: {},
  configuration: null, qty: 3, price: 10, rowTotal: 30, available: 9, complete: true, ...overrides,
});

describe('copying a handed cart line', () => {
  it('adds a plain line, and a variant by its own SKU, with the quantity and no price', () => {
    expect(addItemFor(line({}))).toEqual({ sku: 'SKU-1', qty: 3 });
    expect(addItemFor(line({ sku: 'TEE-NAVY-M', parentSku: 'TEE', options: { Colour: 'Navy' } }))).toEqual({ sku: 'TEE-NAVY-M', qty: 3 });
  });

  it('carries a bundle\'s selections by option, a downloadable\'s links and a gift card\'s details', () => {
    const bundle = line({ configuration: { type: 'bundle', selections: [{ optionId: 7, selectionId: 40, qty: 1 }, { optionId: 8, selectionId: 42, qty: 1 }, { optionId: 8, selectionId: 43, qty: 2 }] } });
    expect(addItemFor(bundle)).toEqual({ sku: 'SKU-1', qty: 3, bundleOptions: { '7': [40], '8': [42, 43] } });
    expect(addItemFor(line({ configuration: { type: 'downloadable', linkIds: [5, 6] } }))).toEqual({ sku: 'SKU-1', qty: 3, links: [5, 6] });
    const card = line({ qty: 1, configuration: { type: 'giftcard', amount: 50, senderName: 'Ann', senderEmail: null, recipientName: 'Bo', recipientEmail: 'bo@example.com', message: null } });
    expect(addItemFor(card)).toEqual({ sku: 'SKU-1', qty: 1, giftcard: { amount: 50, senderName: 'Ann', recipientName: 'Bo', recipientEmail: 'bo@example.com' } });
  });
});

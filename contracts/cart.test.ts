import { describe, expect, it } from 'vitest';
import { cartSchema, type Cart } from './cart.ts';
import { driftOf } from './drift.ts';

const cart = {
  id: 7, currency: 'USD', itemsQty: 3, subtotal: 95,
  items: [
    {
      id: 1, productId: 10, sku: 'TEE-1-S', name: 'Blue tee S', parentSku: 'TEE-1', urlKey: 'blue-tee', imageUrl: '/media/tee-s.svg', options: { Size: 'S' },
      configuration: null, qty: 2, price: 25, rowTotal: 50, available: 4, complete: true,
    },
    {
      id: 2, productId: 20, sku: 'CARD', name: 'Gift card', parentSku: null, urlKey: 'gift-card', imageUrl: '/media/card.svg', options: { To: 'Ann' },
      configuration: { type: 'giftcard', amount: 45, senderName: 'Sam', senderEmail: null, recipientName: 'Ann', recipientEmail: 'ann@example.com', message: null },
      qty: 1, price: 45, rowTotal: 45, available: 100, complete: true,
    },
  ],
} satisfies Cart;

describe('the cart contract', () => {
  it('accepts the cart the backend answers, the empty cart of a new guest included', () => {
    expect(driftOf(cartSchema, cart)).toEqual([]);
    expect(driftOf(cartSchema, { id: null, currency: 'USD', items: [], itemsQty: 0, subtotal: 0 })).toEqual([]);
  });

  it('holds each line to its configuration type and reports what it does not know', () => {
    const [simple, card] = cart.items;
    expect(driftOf(cartSchema, { ...cart, items: [simple, { ...card, configuration: { ...card.configuration, type: 'bundle' } }] })).toHaveLength(1);
    expect(driftOf(cartSchema, { ...cart, items: [{ ...simple, tax: 2 }] })).toEqual(['items.0.tax: not in the contract']);
  });
});

import { describe, expect, it } from 'vitest';
import { ucpCart } from './cart-shapes.ts';

describe('ucpCart', () => {
  const line = { id: 5, sku: 'TEE-1-NAVY-M', name: 'Blue tee', parentSku: 'TEE-1', imageUrl: '/media/tee.svg', options: { Colour: 'Navy' }, qty: 2, price: 12.5, rowTotal: 25, complete: true };

  it('names lines by the product the caller added (the configurable), with totals in minor units', () => {
    expect(ucpCart('tok', undefined, { currency: 'USD', subtotal: 25, items: [line] }, 'https://shop.example')).toEqual({
      id: 'tok',
      currency: 'USD',
      line_items: [
        { id: '5', item: { id: 'TEE-1', title: 'Blue tee', price: 1250, image_url: 'https://shop.example/media/tee.svg' }, quantity: 2, options: { Colour: 'Navy' }, totals: [{ type: 'subtotal', amount: 2500 }] },
      ],
      totals: [
        { type: 'subtotal', amount: 2500 },
        { type: 'total', amount: 2500, display_text: 'Before shipping' },
      ],
      continue_url: 'https://shop.example/cart',
    });
  });

  it("carries a guest cart's token to the cart page, in the fragment, and never an account cart's", () => {
    const token = 'A'.repeat(43);
    const guest = ucpCart(token, token, { currency: 'USD', subtotal: 25, items: [line] }, 'https://shop.example');
    expect(guest.continue_url).toBe(`https://shop.example/cart#cart=${token}`);
    const account = ucpCart('account', undefined, { currency: 'USD', subtotal: 25, items: [line] }, 'https://shop.example');
    expect(account.continue_url).toBe('https://shop.example/cart');
  });

  it('warns about a line that can no longer be ordered as chosen', () => {
    const cart = ucpCart('tok', undefined, { currency: 'USD', subtotal: 25, items: [{ ...line, complete: false }] }, 'https://shop.example');
    expect(cart.messages).toEqual([expect.objectContaining({ type: 'warning', code: 'line_incomplete' })]);
  });
});

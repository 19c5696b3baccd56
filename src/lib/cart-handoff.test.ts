import { describe, expect, it } from 'vitest';
import { handedCartToken, withHandedCart } from './cart-handoff.ts';

const TOKEN = 'A'.repeat(20) + '_-' + 'z9'.repeat(10) + 'q';

describe('cart handoff links', () => {
  it('carry the guest cart token in the fragment, which reads back', () => {
    const url = withHandedCart('https://shop.example/checkout', TOKEN);
    expect(url).toBe(`https://shop.example/checkout#cart=${TOKEN}`);
    expect(handedCartToken(new URL(url).hash)).toBe(TOKEN);
  });

  it('hand over nothing without a token of the backend\'s shape', () => {
    expect(handedCartToken('')).toBeNull();
    expect(handedCartToken('#section')).toBeNull();
    expect(handedCartToken('#cart=short')).toBeNull();
    expect(handedCartToken(`#cart=${TOKEN}x`)).toBeNull();
    expect(handedCartToken(`#cart=${TOKEN.slice(1)}%3C`)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { openCheckout, sealCheckout } from './checkout-state.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';

describe('checkout ids', () => {
  const state = { cart: 'account', buyer: { email: 'ada@example.com' }, option: 'flatrate' };

  it('carry the checkout state and open only under the secret that sealed them', async () => {
    const id = await sealCheckout(SECRET, state);
    expect(await openCheckout(SECRET, id)).toEqual(state);
    expect(await openCheckout(`${SECRET}-other`, id)).toBeNull();
  });

  it('refuse an altered or forged id', async () => {
    const id = await sealCheckout(SECRET, state);
    const [version, body, signature] = id.split('.');
    const forged = `${version}.${Buffer.from(JSON.stringify({ ...state, cart: 'someone-else' })).toString('base64url')}.${signature}`;
    expect(await openCheckout(SECRET, forged)).toBeNull();
    expect(await openCheckout(SECRET, `${body}`)).toBeNull();
    expect(await openCheckout(SECRET, 'x'.repeat(5000))).toBeNull();
  });
});

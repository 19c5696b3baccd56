/**
 * Handing a guest cart from an agent to a person (DECISIONS.md 59): a checkout the agent cannot pay
 * (a live provider such as Stripe) answers a `continue_url` on the storefront that carries the cart,
 * as `#cart=<guest cart token>`. The token is the cart's id the agent already holds, so the link
 * grants nothing beyond it; it sits in the fragment so it never reaches a server log or a Referer.
 * Whoever sends the link keeps that token, so the page that follows it copies the lines into a
 * fresh cart of the person's own rather than taking the linked cart over: what the person then
 * types never goes into a cart the sender can read (cart fixation).
 * A customer's account cart is never put in a link: the person signs in as that customer to see it.
 * Pure: the worker builds the link, the checkout page reads it (client/adopt-handed-cart.ts).
 */

/** The backend's guest cart tokens: 32 random bytes, base64url (backend/src/domains/carts/identity.ts). */
export const GUEST_CART_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const KEY = 'cart';

/** `url` with the guest cart token in its fragment. */
export function withHandedCart(url: string, token: string): string {
  const link = new URL(url);
  link.hash = new URLSearchParams({ [KEY]: token }).toString();
  return link.href;
}

/** The guest cart token a location's fragment hands over, or null (none, or not a token's shape). */
export function handedCartToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(KEY);
  return token !== null && GUEST_CART_TOKEN.test(token) ? token : null;
}

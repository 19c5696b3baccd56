/**
 * Who the shopper is, kept in the browser (server HTML is always the guest view): the customer's
 * access and refresh tokens after login, and the guest cart token the backend issues with the
 * first cart answer (DECISIONS.md 23). localStorage, so every tab shares them.
 */

const CUSTOMER_KEY = 'shop.customer';
const CART_TOKEN_KEY = 'shop.cartToken';
const CART_COUNT_KEY = 'shop.cartCount';

export interface CustomerTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch milliseconds after which the access token is no longer worth sending. */
  expiresAt: number;
}

function read(key: string): string | null {
  return window.localStorage.getItem(key);
}

function write(key: string, value: string | null): void {
  if (value === null) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, value);
}

export function customerTokens(): CustomerTokens | null {
  const raw = read(CUSTOMER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<CustomerTokens>;
    if (typeof parsed.accessToken !== 'string' || typeof parsed.expiresAt !== 'number') return null;
    return { accessToken: parsed.accessToken, refreshToken: parsed.refreshToken ?? null, expiresAt: parsed.expiresAt };
  } catch (error) {
    // Someone else wrote this key; forget it rather than failing every call.
    console.warn('Discarding unreadable customer session', error);
    write(CUSTOMER_KEY, null);
    return null;
  }
}

export function saveCustomerTokens(tokens: CustomerTokens | null): void {
  write(CUSTOMER_KEY, tokens === null ? null : JSON.stringify(tokens));
}

export function isSignedIn(): boolean {
  return customerTokens() !== null;
}

export function cartToken(): string | null {
  return read(CART_TOKEN_KEY);
}

export function saveCartToken(token: string | null): void {
  write(CART_TOKEN_KEY, token);
}

/** Last known number of items in the cart, for the header badge before any call returns. */
export function cachedCartCount(): number {
  const value = Number(read(CART_COUNT_KEY) ?? '0');
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export const CART_CHANGED_EVENT = 'shop:cart-changed';

/** Remember the cart's item count and tell the header (this tab now, other tabs via `storage`). */
export function announceCartCount(count: number): void {
  write(CART_COUNT_KEY, String(count));
  window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: count }));
}

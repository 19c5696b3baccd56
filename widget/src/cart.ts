/**
 * The visitor's server-side cart (SPEC.md widget behaviour 8) as a Solid signal the badge and the
 * checkout read. Tabs of one host share the cart token in localStorage; after each change a tab
 * writes the time under `{tokenKey}:changed`, and the `storage` event makes the other tabs load
 * the cart again (a new token arrives the same way).
 */
import { createSignal, type Accessor } from 'solid-js';
import { storage, type StoreApi } from './store-api.ts';
import type { Cart, CartAddition } from './types.ts';

export interface CartStore {
  cart: Accessor<Cart | null>;
  load(): Promise<Cart>;
  add(addition: CartAddition): Promise<Cart>;
  setQty(lineId: number, qty: number): Promise<Cart>;
  remove(lineId: number): Promise<Cart>;
  /** Loads the cart after an order (the server closed it) and tells the other tabs. */
  ordered(): Promise<Cart>;
}

export function createCart(store: StoreApi): CartStore {
  const [cart, setCart] = createSignal<Cart | null>(null);
  const changedKey = `${store.tokenKey}:changed`;
  const load = async () => {
    const current = await store.call<Cart>('/cart');
    setCart(current);
    return current;
  };
  const change = async (path: string, method: string, body?: unknown) => {
    const next = await store.call<Cart>(path, method, body);
    setCart(next);
    storage()?.setItem(changedKey, String(Date.now()));
    return next;
  };
  window.addEventListener('storage', (event) => {
    if (event.key === store.tokenKey || event.key === changedKey) load().catch(() => undefined);
  });
  return {
    cart,
    load,
    add: (addition) => change('/cart/items', 'POST', addition),
    setQty: (lineId, qty) => change(`/cart/items/${lineId}`, 'PATCH', { qty }),
    remove: (lineId) => change(`/cart/items/${lineId}`, 'DELETE'),
    ordered: async () => {
      const next = await load();
      storage()?.setItem(changedKey, String(Date.now()));
      return next;
    },
  };
}

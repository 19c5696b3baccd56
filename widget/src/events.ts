/**
 * Host page events (DECISIONS.md 34): bubbling CustomEvents on `document` that a host's analytics
 * listens to, and `ShopEmbed.on` to subscribe without knowing the DOM event names' prefix.
 */
export type ShopEventName = 'ready' | 'view_item' | 'add_to_cart' | 'begin_checkout' | 'purchase';

export interface ShopEventItem {
  sku: string;
  name: string;
  quantity: number;
  /** Null where the store withholds the price. */
  price: number | null;
}

export interface ShopEventDetail {
  items: ShopEventItem[];
  /** The sum of the known prices times quantities. */
  value: number;
  currency: string;
  orderNumber?: string;
}

export function emit(name: ShopEventName, items: ShopEventItem[], currency: string, orderNumber?: string): void {
  const value = Math.round(items.reduce((sum, item) => sum + (item.price ?? 0) * item.quantity, 0) * 100) / 100;
  const detail: ShopEventDetail = { items, value, currency, ...(orderNumber ? { orderNumber } : {}) };
  document.dispatchEvent(new CustomEvent(`shop:${name}`, { detail, bubbles: true }));
}

/** Calls `handler` with each event's detail; returns the function that unsubscribes. */
export function on(name: ShopEventName, handler: (detail: ShopEventDetail) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<ShopEventDetail>).detail);
  document.addEventListener(`shop:${name}`, listener);
  return () => document.removeEventListener(`shop:${name}`, listener);
}

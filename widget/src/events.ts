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

const NAMES: readonly ShopEventName[] = ['ready', 'view_item', 'add_to_cart', 'begin_checkout', 'purchase'];

/**
 * Calls `handler` with each event's detail; returns the function that unsubscribes. The documented
 * spelling is the bare name (`on('add_to_cart', …)`); the DOM event's own name (`'shop:add_to_cart'`)
 * is accepted too, since that is what a host sees in its listeners. An unknown name throws rather than
 * subscribing to an event that never comes.
 */
export function on(name: ShopEventName | `shop:${ShopEventName}`, handler: (detail: ShopEventDetail) => void): () => void {
  const bare = name.startsWith('shop:') ? name.slice('shop:'.length) : name;
  if (!(NAMES as readonly string[]).includes(bare)) throw new TypeError(`ShopEmbed.on: unknown event "${name}" (one of ${NAMES.join(', ')})`);
  const listener = (event: Event) => handler((event as CustomEvent<ShopEventDetail>).detail);
  document.addEventListener(`shop:${bare}`, listener);
  return () => document.removeEventListener(`shop:${bare}`, listener);
}

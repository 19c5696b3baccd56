/**
 * The widget's main module, which `/embed.js` imports and starts: registers the custom elements, appends the page's one lightbox and
 * cart badge, fills the placeholders and sets `window.ShopEmbed` (SPEC.md widget behaviour 7).
 * Including the script twice is harmless: the second copy finds `ShopEmbed` already set and does
 * nothing.
 */
import { createApi } from './api.ts';
import { createCart } from './cart.ts';
import { BADGE_TAG, defineCartBadge } from './cart-badge.tsx';
import { placeOrder, shippingMethods } from './checkout.ts';
import { emit, on } from './events.ts';
import { LIGHTBOX_TAG, defineLightbox } from './lightbox.tsx';
import { readOptions, type ScriptTag } from './options.ts';
import { fill, scan, watch } from './placeholders.ts';
import { defineProductCard } from './product-card.tsx';
import { createStoreApi } from './store-api.ts';
import type { WidgetProduct } from './types.ts';
import { openView } from './view.ts';
import { currency, type Widget } from './widget.ts';

const VERSION = '0.3.0';

function shopEmbed(widget: Widget) {
  const { products, store, cart } = widget;
  return {
    version: VERSION,
    /** Fills placeholders added since the last scan (the MutationObserver does this too). */
    refresh: () => scan(document, widget),
    /** Puts the card of `sku` into `container` (a new placeholder, replaced like the page's); resolves to the card, or null for an unknown SKU. */
    addProduct(sku: string, container: Element) {
      const placeholder = document.createElement('div');
      placeholder.dataset.shopProduct = sku;
      container.append(placeholder);
      return fill(placeholder, widget);
    },
    /** Opens the lightbox on a product record or a SKU. */
    async openProduct(product: WidgetProduct | string) {
      const record = typeof product === 'string' ? await products.product(product) : product;
      if (record) openView({ kind: 'product', product: record });
    },
    openCheckout: () => openView({ kind: 'checkout' }),
    on,
    api: {
      fetchProducts: (skus: string[]) => Promise.all(skus.map((sku) => products.product(sku))),
      cart: () => cart.load(),
      shipping: (country: string) => shippingMethods(store, country),
      payment: () => store.call<{ member: unknown[] }>('/payment-methods'),
      placeOrder: (request: Parameters<typeof placeOrder>[1]) => placeOrder(store, request),
    },
    cart: {
      get items() {
        return cart.cart()?.items ?? [];
      },
      get count() {
        return cart.cart()?.itemsQty ?? 0;
      },
      add: cart.add,
      load: cart.load,
    },
  };
}

export type ShopEmbedApi = ReturnType<typeof shopEmbed>;

declare global {
  interface Window {
    ShopEmbed?: ShopEmbedApi;
  }
}

/** Called by the `/embed.js` loader with its script tag's `src` and `data-*` (integrations/widget-bundle.ts). */
export function start(script: ScriptTag | null): void {
  if (window.ShopEmbed) return;
  const options = readOptions(script, location.href);
  const store = createStoreApi(options);
  const widget: Widget = { options, products: createApi(options), store, cart: createCart(store) };
  defineProductCard(options.accent);
  defineLightbox(widget);
  defineCartBadge(widget);
  window.ShopEmbed = shopEmbed(widget);
  const begin = async () => {
    document.body.append(document.createElement(LIGHTBOX_TAG), document.createElement(BADGE_TAG));
    watch(widget);
    // The badge shows a cart kept from an earlier visit; a store that cannot be reached shows none.
    await Promise.all([scan(document, widget), widget.cart.load().catch(() => null)]);
    emit('ready', [], currency(widget));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin, { once: true });
  else void begin();
}

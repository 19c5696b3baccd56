/**
 * What the lightbox, the badge and `ShopEmbed` share: the script's options, the product and store
 * APIs, the cart, and the config the first `/embed/products` answer brought (DECISIONS.md 32's
 * precedence applied here once).
 */
import type { Api } from './api.ts';
import type { CartStore } from './cart.ts';
import type { EmbedOptions } from './options.ts';
import type { StoreApi } from './store-api.ts';
import type { WidgetConfig } from './types.ts';

export interface Widget {
  options: EmbedOptions;
  products: Api;
  store: StoreApi;
  cart: CartStore;
}

/** The config answer, or the defaults a store without one would have. */
export function config(widget: Widget): WidgetConfig {
  return widget.products.config() ?? { currency: 'USD', defaultCountry: 'US', paymentProvider: 'test', paymentPublishableKey: '', mapsKey: null, detectedCountry: '' };
}

export const currency = (widget: Widget): string => widget.options.currency || config(widget).currency;

/** The checkout's country: the edge-detected one, then `data-country`, then the store's default. */
export function checkoutCountry(widget: Widget): string {
  const answer = config(widget);
  return answer.detectedCountry || widget.options.country || answer.defaultCountry;
}

export const mapsKey = (widget: Widget): string => widget.options.mapsKey || config(widget).mapsKey || '';

/**
 * The one entry of `/embed.js`: registers the custom elements, fills the page's placeholders and
 * sets `window.ShopEmbed`. Including the script twice is harmless: the second copy finds
 * `ShopEmbed` already set and does nothing.
 */
import { createApi } from './api.ts';
import { readOptions } from './options.ts';
import { scan, watch } from './placeholders.ts';
import { defineProductCard } from './product-card.tsx';

export interface ShopEmbedApi {
  /** The widget's version. */
  version: string;
  /** Fills placeholders added since the last scan (the MutationObserver does this too). */
  refresh(): Promise<void>;
}

declare global {
  interface Window {
    ShopEmbed?: ShopEmbedApi;
  }
}

const VERSION = '0.1.0';

function start(): void {
  if (window.ShopEmbed) return;
  const options = readOptions(document.currentScript, location.href);
  const api = createApi(options);
  defineProductCard();
  window.ShopEmbed = { version: VERSION, refresh: () => scan(document, api, options) };
  const begin = () => {
    void scan(document, api, options);
    watch(api, options);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin, { once: true });
  else begin();
}

start();

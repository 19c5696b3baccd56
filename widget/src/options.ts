/**
 * The script tag's attributes (SPEC.md widget behaviour 1), read once while the script runs, when
 * `document.currentScript` is still this script. Only what this slice uses: the store origin, the
 * store-view code and the currency override.
 */
export interface EmbedOptions {
  /** Store origin, no trailing slash: `data-store`, else the origin the script came from. */
  store: string;
  /** `data-store-code`; "" for the host's default store. */
  storeCode: string;
  /** `data-currency`; "" to use the store's currency from the config answer. */
  currency: string;
}

export function readOptions(script: HTMLOrSVGScriptElement | null, pageUrl: string): EmbedOptions {
  const element = script instanceof HTMLScriptElement ? script : null;
  const source = element?.src ? new URL(element.src, pageUrl).origin : new URL(pageUrl).origin;
  const store = element?.dataset.store ? new URL(element.dataset.store, pageUrl).origin : source;
  return {
    store,
    storeCode: element?.dataset.storeCode?.trim() ?? '',
    currency: element?.dataset.currency?.trim().toUpperCase() ?? '',
  };
}

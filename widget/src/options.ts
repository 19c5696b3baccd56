/**
 * The script tag's attributes (SPEC.md widget behaviour 1), read once while the script runs, when
 * `document.currentScript` is still this script. An empty string means "not given": the config
 * answer then decides (DECISIONS.md 32).
 */
export interface EmbedOptions {
  /** Store origin, no trailing slash: `data-store`, else the origin the script came from. */
  store: string;
  /** `data-store-code`; "" for the host's default store. */
  storeCode: string;
  /** `data-currency`; "" to use the store's currency from the config answer. */
  currency: string;
  /** `data-accent` when it is a hex colour; "" for the default. */
  accent: string;
  /** `data-country` (ISO 3166-1 alpha-2); "" when not given. */
  country: string;
  /** `data-maps-key`; "" to use the store's key from the config answer. */
  mapsKey: string;
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** What is read of the script element (`document.currentScript`, null when the page injected it as a module). */
export interface ScriptTag {
  src?: string;
  dataset?: Record<string, string | undefined>;
}

export function readOptions(script: ScriptTag | null, pageUrl: string): EmbedOptions {
  const data = script?.dataset ?? {};
  const source = new URL(script?.src || pageUrl, pageUrl).origin;
  const read = (value: string | undefined) => value?.trim() ?? '';
  const accent = read(data.accent);
  const country = read(data.country).toUpperCase();
  return {
    store: data.store ? new URL(data.store, pageUrl).origin : source,
    storeCode: read(data.storeCode),
    currency: read(data.currency).toUpperCase(),
    // Anything but a colour would end up inside a style sheet: refused rather than escaped.
    accent: HEX_COLOUR.test(accent) ? accent : '',
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    mapsKey: read(data.mapsKey),
  };
}

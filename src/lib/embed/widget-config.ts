/**
 * The widget config object of `/embed/products` (SPEC.md "Widget config object", DECISIONS.md 32),
 * from the synced store config and the edge's view of the visitor.
 */
import type { WidgetConfig } from '../../../contracts/widget-product.ts';
import type { StoreConfig } from '../content/schemas.ts';

/** Cloudflare's country code for the visitor; "XX" and "T1" (Tor) name no country. */
const COUNTRY = /^[A-Z]{2}$/;
const NO_COUNTRY = new Set(['XX', 'T1']);

export function detectedCountry(cf: { country?: unknown } | undefined): string {
  const country = cf?.country;
  return typeof country === 'string' && COUNTRY.test(country) && !NO_COUNTRY.has(country) ? country : '';
}

/**
 * The payment provider and the keys come from the synced store config (the backend's default
 * provider and the store view's admin settings, Stores → Widget keys); a config synced from an older
 * backend has none, which reads as the test provider without keys.
 */
export function widgetConfig(config: StoreConfig, country: string): WidgetConfig {
  return {
    currency: config.baseCurrencyCode,
    defaultCountry: config.defaultCountry,
    paymentProvider: config.widget?.paymentProvider ?? 'test',
    paymentPublishableKey: config.widget?.paymentPublishableKey ?? '',
    mapsKey: config.widget?.mapsKey ?? null,
    detectedCountry: country,
  };
}

import type { PricingConfig } from './config.ts';

/**
 * `GET /api/rest/v2/b2b/pricing/config` (DECISIONS.md 60): what the storefront may know, nothing
 * admin-only. `quickOrder` is the bulk cart route of the core (always there). `paymentTerms` says
 * whether checkout offers the `purchase_order` method: it is not built yet, so it is false until it
 * is (the companies' terms are stored for it).
 */
export function pricingDiscovery(config: PricingConfig) {
  return { enabled: config.enabled, showTierPrices: config.showTierPrices, quickOrder: true, paymentTerms: false };
}

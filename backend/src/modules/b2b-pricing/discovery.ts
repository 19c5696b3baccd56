import type { PricingConfig } from './config.ts';

/**
 * `GET /api/rest/v2/b2b/pricing/config` (DECISIONS.md 60): what the storefront may know, nothing
 * admin-only. `quickOrder` is the bulk cart route of the core (always there). `paymentTerms` says
 * whether checkout may offer the `purchase_order` method (to the buyers of companies with terms).
 */
export function pricingDiscovery(config: PricingConfig) {
  return { enabled: config.enabled, showTierPrices: config.showTierPrices, quickOrder: true, paymentTerms: config.enabled };
}

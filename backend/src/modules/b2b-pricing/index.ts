import { resolve } from 'node:path';
import { defineModule } from '../../platform/modules/define-module.ts';
import { pricingAdmin, pricingAdminNav } from './admin/index.ts';
import { pricingConfigSchema, type PricingConfig } from './config.ts';
import { seedPricingDemo } from './demo.ts';
import { pricingDiscovery } from './discovery.ts';
import { offerPurchaseOrder, placePurchaseOrder } from './payment-terms/checkout.ts';
import { annotateListPrices } from './pricing/annotate.ts';
import { priceCartLines, refuseRuleBreakingOrder, refuseRuleBreakingQty } from './pricing/cart.ts';
import { priceListViewKey } from './pricing/view-key.ts';
import { pricingAdminApi } from './routes/admin-api.ts';

/**
 * B2B Pricing (DECISIONS.md 60): companies with buyers and payment terms, price lists with quantity
 * breaks and quantity rules, assigned to companies and customer groups; purchase orders on the
 * companies' payment terms. The core never hears of a
 * price list: it asks this module, through its hooks, what a caller pays.
 */
const b2bPricing = defineModule<PricingConfig>({
  id: 'b2b-pricing',
  title: 'B2B Pricing',
  migrations: resolve(import.meta.dirname, 'migrations'),
  config: pricingConfigSchema,
  routes: { adminApi: pricingAdminApi, admin: pricingAdmin },
  discovery: { code: 'pricing', answer: pricingDiscovery },
  // Runs after B2B Access's annotation (modules run in the order of their ids): a price it withheld stays withheld.
  annotations: [{ annotation: 'api_product_dto_build', handle: annotateListPrices }],
  hooks: [
    { hook: 'cart.priceLines', handle: priceCartLines },
    { hook: 'cart.validateAdd', handle: refuseRuleBreakingQty },
    { hook: 'checkout.beforePlaceOrder', handle: refuseRuleBreakingOrder },
    { hook: 'customer.viewKey', handle: priceListViewKey },
    { hook: 'checkout.paymentMethods', handle: offerPurchaseOrder },
    { hook: 'checkout.placeOnAccount', handle: placePurchaseOrder },
  ],
  admin: { nav: pricingAdminNav },
  demo: (ctx, { configure }) => seedPricingDemo(ctx, configure),
});

export default b2bPricing;

import { resolve } from 'node:path';
import { defineModule } from '../../platform/modules/define-module.ts';
import { pricingConfigSchema, type PricingConfig } from './config.ts';
import { pricingDiscovery } from './discovery.ts';
import { pricingAdminApi } from './routes/admin-api.ts';

/**
 * B2B Pricing (DECISIONS.md 60): companies with buyers and payment terms, price lists with quantity
 * breaks and quantity rules, assigned to companies and customer groups. The core never hears of a
 * price list: it asks this module, through its hooks, what a caller pays.
 */
const b2bPricing = defineModule<PricingConfig>({
  id: 'b2b-pricing',
  title: 'B2B Pricing',
  migrations: resolve(import.meta.dirname, 'migrations'),
  config: pricingConfigSchema,
  routes: { adminApi: pricingAdminApi },
  discovery: { code: 'pricing', answer: pricingDiscovery },
});

export default b2bPricing;

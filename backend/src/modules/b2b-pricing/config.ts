import { z } from 'zod';
import { field } from '../../platform/modules/config-fields.ts';

/** B2B Pricing configuration (DECISIONS.md 60). */
export const pricingConfigSchema = z.object({
  enabled: field(z.boolean().default(false), {
    label: 'Enabled',
    help: 'Master switch. Off: nobody gets list prices or quantity rules; companies and price lists stay stored.',
  }),
  showTierPrices: field(z.boolean().default(true), {
    label: 'Show tier prices',
    help: 'Product pages show a buyer the quantity breaks of their list. Off: buyers still pay by the breaks and see their quantity rules, but records carry no table.',
  }),
});

export type PricingConfig = z.infer<typeof pricingConfigSchema>;

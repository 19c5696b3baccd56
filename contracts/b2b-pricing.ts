/**
 * What the B2B Pricing module adds to a product record for a caller with price lists (DECISIONS.md 60):
 * `extensions.b2bPricing`. The backend writes it for signed-in callers only, so it never reaches KV;
 * the storefront's product page, markdown view and quantity field read it.
 */
import { z } from 'zod';

export const tierPriceSchema = z.object({
  minQty: z.number().int().positive(),
  price: z.number().nonnegative(),
});
export type TierPrice = z.infer<typeof tierPriceSchema>;

export const quantityRulesSchema = z.object({
  minQty: z.number().int().positive().nullish(),
  maxQty: z.number().int().positive().nullish(),
  increment: z.number().int().positive().nullish(),
});
export type QuantityRules = z.infer<typeof quantityRulesSchema>;

export const b2bPricingExtensionSchema = z
  .object({
    priceList: z.string().nullish().meta({ description: 'The code of the price list whose price applies; null when the catalog price does.' }),
    tierPrices: z.array(tierPriceSchema).meta({ description: 'The caller\'s quantity breaks, lowest quantity first.' }),
    quantityRules: quantityRulesSchema.nullish(),
  })
  .meta({ id: 'B2bPricingExtension' });
export type B2bPricingExtension = z.infer<typeof b2bPricingExtensionSchema>;

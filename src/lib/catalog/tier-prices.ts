/**
 * A signed-in buyer's quantity pricing (B2B Pricing, DECISIONS.md 60) as the product page and its
 * markdown view show it: the tier rows with what each saves against one unit, and the quantity rules
 * as a sentence and as the quantity field's min/max/step. Pure. A record without the extension (every
 * guest record, every KV record) has none; a record whose prices B2B Access withholds shows none,
 * whatever a list says, because B2B Access decides first.
 */
import { b2bPricingExtensionSchema, type B2bPricingExtension, type QuantityRules } from '../../../contracts/b2b-pricing.ts';
import type { Product } from '../content/schemas.ts';
import type { PriceFormat } from '../format/price.ts';
import { pricesHidden } from './price-display.ts';

export function b2bPricingOf(product: Product): B2bPricingExtension | null {
  if (pricesHidden(product)) return null;
  const parsed = b2bPricingExtensionSchema.safeParse(product.extensions.b2bPricing);
  return parsed.success ? parsed.data : null;
}

export interface TierRow {
  /** "10+" */
  quantity: string;
  price: string;
  /** "Save 10%" against the first tier; null on the first row or when it saves nothing. */
  saving: string | null;
}

/** The table's rows, lowest quantity first; none for a single tier (it is just the price). */
export function tierRows(pricing: B2bPricingExtension, format: PriceFormat): TierRow[] {
  const tiers = [...pricing.tierPrices].sort((a, b) => a.minQty - b.minQty);
  if (tiers.length < 2) return [];
  const base = tiers[0]!.price;
  return tiers.map((tier, index) => {
    const percent = base > 0 ? Math.round(((base - tier.price) / base) * 100) : 0;
    return { quantity: `${tier.minQty}+`, price: format(tier.price), saving: index > 0 && percent > 0 ? `Save ${percent}%` : null };
  });
}

/** "Order in multiples of 6, at least 6 and at most 120." or null when nothing constrains the quantity. */
export function quantityRuleText(rules: QuantityRules | null | undefined): string | null {
  if (!rules) return null;
  const parts: string[] = [];
  if (rules.increment && rules.increment > 1) parts.push(`in multiples of ${rules.increment}`);
  if (rules.minQty && rules.minQty > 1) parts.push(`at least ${rules.minQty}`);
  if (rules.maxQty) parts.push(`at most ${rules.maxQty}`);
  if (parts.length === 0) return null;
  const [first, ...rest] = parts;
  return `Order ${first}${rest.length > 0 ? `, ${rest.join(' and ')}` : ''}.`;
}

/** The quantity field's bounds: the browser then offers and checks only quantities the backend accepts. */
export function quantityField(rules: QuantityRules | null | undefined): { min: number; max: number | undefined; step: number; value: number } {
  const step = rules?.increment ?? 1;
  // The smallest allowed quantity is the minimum rounded up to a multiple of the increment.
  const min = Math.max(step, Math.ceil((rules?.minQty ?? 1) / step) * step);
  return { min, max: rules?.maxQty ?? undefined, step, value: min };
}

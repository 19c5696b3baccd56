/**
 * What a price block shows for a product or card: one amount, possibly "from", possibly a sale
 * with the regular price struck through, or a message when the price is withheld (B2B gating).
 * Pure: the formatting itself is lib/format/price.ts.
 */
import { z } from 'zod';
import type { Product, ProductCard } from '../content/schemas.ts';

export type PriceDisplay =
  | { kind: 'hidden' }
  | {
      kind: 'price';
      amount: number;
      /** The regular price, when `amount` is a sale price below it. */
      regular: number | null;
      /** Percent saved, rounded, when on sale. */
      percentOff: number | null;
      /** "From" pricing: the cheapest purchasable choice of a configurable/grouped/bundle/gift card. */
      from: boolean;
    };

type PricedRecord = Pick<ProductCard, 'type' | 'price' | 'specialPrice' | 'finalPrice' | 'minimalPrice'>;

/** Types whose own price means little: the buyer picks children or an amount. */
const COMPOSITE_TYPES = new Set<PricedRecord['type']>(['grouped', 'bundle', 'giftcard']);

export function priceDisplay(product: PricedRecord): PriceDisplay {
  const final = product.finalPrice ?? product.specialPrice ?? product.price;
  const minimal = product.minimalPrice ?? null;
  if (final === null && minimal === null) return { kind: 'hidden' };

  if (minimal !== null && (COMPOSITE_TYPES.has(product.type) || final === null || minimal < final)) {
    return { kind: 'price', amount: minimal, regular: null, percentOff: null, from: product.type !== 'simple' };
  }
  const amount = final ?? minimal ?? 0;
  const regular = product.price;
  if (regular !== null && regular > 0 && amount < regular) {
    const percentOff = Math.round((1 - amount / regular) * 100);
    return { kind: 'price', amount, regular, percentOff: percentOff > 0 ? percentOff : null, from: false };
  }
  return { kind: 'price', amount, regular: null, percentOff: null, from: false };
}

/** The same rule for a child row (variant, grouped item): sale when special is below the price. */
export function childPriceDisplay(child: { price: number; specialPrice: number | null; finalPrice: number }): PriceDisplay {
  return priceDisplay({ type: 'simple', price: child.price, specialPrice: child.specialPrice, finalPrice: child.finalPrice });
}

const hidePriceFlagSchema = z.object({
  b2bAccess: z.object({ gateFlags: z.object({ hidePrice: z.literal(true) }) }),
});

/**
 * A full product's price block: hidden when the B2B gate says so (`gateFlags.hidePrice`), even if
 * a price slipped through, else as `priceDisplay`.
 */
export function productPriceDisplay(product: PricedRecord & Partial<Pick<Product, 'extensions'>>): PriceDisplay {
  if (hidePriceFlagSchema.safeParse(product.extensions ?? {}).success) return { kind: 'hidden' };
  return priceDisplay(product);
}

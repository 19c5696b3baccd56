/**
 * What a price block shows for a product or card: one amount, possibly "from", possibly a sale
 * with the regular price struck through, or a message when the price is withheld (B2B gating).
 * Pure: the formatting itself is lib/format/price.ts.
 */
import type { ProductType } from '../content/schemas.ts';
import { priceHidden, type Annotated } from './b2b-gate.ts';

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

/** The prices of a product record or card; any of them null when withheld (DECISIONS.md 30). */
export interface PricedRecord {
  type: ProductType;
  price: number | null;
  specialPrice: number | null;
  finalPrice: number | null;
  minimalPrice?: number | null;
}

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
export function childPriceDisplay(child: Omit<PricedRecord, 'type' | 'minimalPrice'> & Annotated): PriceDisplay {
  return productPriceDisplay({ ...child, type: 'simple' });
}

/**
 * A product's (or card's) price block: hidden when the B2B gate says so (`gateFlags.hidePrice`),
 * even if a price slipped through, else as `priceDisplay`.
 */
export function productPriceDisplay(product: PricedRecord & Annotated): PriceDisplay {
  if (priceHidden(product)) return { kind: 'hidden' };
  return priceDisplay(product);
}

/** Whether no price of the product may be shown: its children's prices are then withheld too. */
export function pricesHidden(product: PricedRecord & Annotated): boolean {
  return productPriceDisplay(product).kind === 'hidden';
}

import { AppError } from '../errors.ts';
import { roundMoney } from '../carts/money.ts';

export interface ShippingQuote {
  code: string;
  title: string;
  amount: number;
}

/**
 * The shop's shipping rules, in the store's currency. Kept in code until the admin grows a shipping
 * page: one flat rate, free shipping over a threshold, and a per-country table with a fallback.
 */
export const shippingRules = {
  flatrate: { title: 'Flat rate', amount: 5 },
  freeshipping: { title: 'Free shipping', minimumSubtotal: 100 },
  tablerate: { title: 'Standard (by country)', rates: { US: 8, CA: 12, GB: 10, DE: 10, FR: 10, AU: 15, NZ: 15 } as Record<string, number>, otherCountries: 25 },
} as const;

/** Methods available for a cart of this subtotal shipped to this country, cheapest first. */
export function quoteShipping(country: string, subtotal: number): ShippingQuote[] {
  const quotes: ShippingQuote[] = [
    { code: 'flatrate', title: shippingRules.flatrate.title, amount: shippingRules.flatrate.amount },
    { code: 'tablerate', title: shippingRules.tablerate.title, amount: shippingRules.tablerate.rates[country] ?? shippingRules.tablerate.otherCountries },
  ];
  if (subtotal >= shippingRules.freeshipping.minimumSubtotal) quotes.push({ code: 'freeshipping', title: shippingRules.freeshipping.title, amount: 0 });
  return quotes.sort((a, b) => a.amount - b.amount);
}

export interface Totals {
  subtotal: number;
  shippingAmount: number;
  grandTotal: number;
}

/** Totals with the chosen method; an unknown or unavailable method is the caller's mistake (400). */
export function totalsWith(subtotal: number, country: string, methodCode: string): Totals & { method: ShippingQuote } {
  const method = quoteShipping(country, subtotal).find((q) => q.code === methodCode);
  if (!method) {
    throw new AppError('invalid', 'shipping_method_unavailable', `Shipping method "${methodCode}" is not available for ${country} and this cart.`, [
      { location: 'json', field: 'shippingMethod', message: 'Not available.' },
    ]);
  }
  return { subtotal, shippingAmount: method.amount, grandTotal: roundMoney(subtotal + method.amount), method };
}

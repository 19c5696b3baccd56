import { AppError } from '../../platform/errors.ts';
import { roundMoney } from '../carts/money.ts';

export interface ShippingQuote {
  code: string;
  title: string;
  amount: number;
}

/**
 * A store view's shipping rules, in its currency: one flat rate, free shipping from a subtotal
 * (null: no free shipping), and a per-country table with a rate for every other country. They live
 * in the database per store (shipping_settings; see rules.ts) and are edited in the admin.
 */
export interface ShippingRules {
  flatRate: number;
  freeShippingThreshold: number | null;
  countryRates: Record<string, number>;
  otherCountriesRate: number;
}

export const methodTitles = { flatrate: 'Flat rate', freeshipping: 'Free shipping', tablerate: 'Standard (by country)' } as const;

/** Methods available for a cart of this subtotal shipped to this country, cheapest first. */
export function quoteShipping(rules: ShippingRules, country: string, subtotal: number): ShippingQuote[] {
  const quotes: ShippingQuote[] = [
    { code: 'flatrate', title: methodTitles.flatrate, amount: rules.flatRate },
    { code: 'tablerate', title: methodTitles.tablerate, amount: rules.countryRates[country] ?? rules.otherCountriesRate },
  ];
  if (rules.freeShippingThreshold !== null && subtotal >= rules.freeShippingThreshold) quotes.push({ code: 'freeshipping', title: methodTitles.freeshipping, amount: 0 });
  return quotes.sort((a, b) => a.amount - b.amount);
}

export interface Totals {
  subtotal: number;
  shippingAmount: number;
  grandTotal: number;
}

/** Totals with the chosen method; an unknown or unavailable method is the caller's mistake (400). */
export function totalsWith(rules: ShippingRules, subtotal: number, country: string, methodCode: string): Totals & { method: ShippingQuote } {
  const method = quoteShipping(rules, country, subtotal).find((q) => q.code === methodCode);
  if (!method) {
    throw new AppError('invalid', 'shipping_method_unavailable', `Shipping method "${methodCode}" is not available for ${country} and this cart.`, [
      { location: 'json', field: 'shippingMethod', message: 'Not available.' },
    ]);
  }
  return { subtotal, shippingAmount: method.amount, grandTotal: roundMoney(subtotal + method.amount), method };
}

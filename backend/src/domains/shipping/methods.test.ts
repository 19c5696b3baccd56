import { describe, expect, it } from 'vitest';
import { quoteShipping, totalsWith, type ShippingRules } from './methods.ts';

const rules: ShippingRules = { flatRate: 5, freeShippingThreshold: 100, countryRates: { US: 8, AU: 15 }, otherCountriesRate: 25 };

describe('shipping', () => {
  it('offers flat rate and the country table, free shipping from the threshold', () => {
    expect(quoteShipping(rules, 'AU', 40).map((q) => [q.code, q.amount])).toEqual([['flatrate', 5], ['tablerate', 15]]);
    expect(quoteShipping(rules, 'ZZ', 100).map((q) => [q.code, q.amount])).toEqual([['freeshipping', 0], ['flatrate', 5], ['tablerate', 25]]);
    expect(quoteShipping({ ...rules, freeShippingThreshold: null }, 'ZZ', 1e6).map((q) => q.code)).not.toContain('freeshipping');
  });

  it('adds the chosen method to the total and refuses one that is not offered', () => {
    expect(totalsWith(rules, 19.99, 'US', 'tablerate')).toMatchObject({ shippingAmount: 8, grandTotal: 27.99 });
    expect(() => totalsWith(rules, 20, 'US', 'freeshipping')).toThrow(/not available/);
  });
});

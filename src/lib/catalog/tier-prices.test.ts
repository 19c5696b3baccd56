import { describe, expect, it } from 'vitest';
import { priceFormatter } from '../format/price.ts';
import { gated, product } from '../agents/test-support.ts';
import { b2bPricingOf, quantityField, quantityRuleText, tierRows } from './tier-prices.ts';

const format = priceFormatter('en_US', 'USD');
const pricing = { priceList: 'HARBOUR', tierPrices: [{ minQty: 10, price: 9 }, { minQty: 1, price: 10 }, { minQty: 50, price: 8.25 }], quantityRules: { minQty: 5, maxQty: 120, increment: 6 } };

describe('a buyer\'s quantity pricing', () => {
  it('is read from the record\'s extension, and absent for guests\' records and where B2B Access withholds prices', () => {
    expect(b2bPricingOf(product({ extensions: { b2bPricing: pricing } }))?.priceList).toBe('HARBOUR');
    expect(b2bPricingOf(product())).toBeNull();
    expect(b2bPricingOf(product({ extensions: { ...gated('Trade prices after login'), b2bPricing: pricing } }))).toBeNull();
    expect(b2bPricingOf(product({ extensions: { b2bPricing: { tierPrices: 'cheap' } } }))).toBeNull();
  });

  it('lists the breaks lowest quantity first with what each saves against one unit', () => {
    expect(tierRows(pricing, format)).toEqual([
      { quantity: '1+', price: '$10.00', saving: null },
      { quantity: '10+', price: '$9.00', saving: 'Save 10%' },
      { quantity: '50+', price: '$8.25', saving: 'Save 18%' },
    ]);
    expect(tierRows({ ...pricing, tierPrices: [{ minQty: 1, price: 10 }] }, format)).toEqual([]);
  });

  it('says the quantity rules in words and bounds the quantity field by them', () => {
    expect(quantityRuleText(pricing.quantityRules)).toBe('Order in multiples of 6, at least 5 and at most 120.');
    expect(quantityRuleText({ increment: 12 })).toBe('Order in multiples of 12.');
    expect(quantityRuleText({ minQty: 1, increment: 1 })).toBeNull();
    expect(quantityRuleText(null)).toBeNull();
    expect(quantityField(pricing.quantityRules)).toEqual({ min: 6, max: 120, step: 6, value: 6 });
    expect(quantityField({ minQty: 10 })).toEqual({ min: 10, max: undefined, step: 1, value: 10 });
    expect(quantityField(undefined)).toEqual({ min: 1, max: undefined, step: 1, value: 1 });
  });
});

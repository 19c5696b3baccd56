import { describe, expect, it } from 'vitest';
import { quoteShipping, totalsWith } from './methods.ts';

describe('shipping', () => {
  it('offers flat rate and the country table, free shipping from the threshold', () => {
    expect(quoteShipping('AU', 40).map((q) => [q.code, q.amount])).toEqual([['flatrate', 5], ['tablerate', 15]]);
    expect(quoteShipping('ZZ', 100).map((q) => [q.code, q.amount])).toEqual([['freeshipping', 0], ['flatrate', 5], ['tablerate', 25]]);
  });

  it('adds the chosen method to the total and refuses one that is not offered', () => {
    expect(totalsWith(19.99, 'US', 'tablerate')).toMatchObject({ shippingAmount: 8, grandTotal: 27.99 });
    expect(() => totalsWith(20, 'US', 'freeshipping')).toThrow(/not available/);
  });
});

import { describe, expect, it } from 'vitest';
import { addressFromForm, successHref } from './checkout-form.ts';

describe('checkout form', () => {
  it('builds the backend address with blanks as null', () => {
    const data = new FormData();
    for (const [name, value] of Object.entries({ firstName: ' Ada ', lastName: 'L', street: '1 Way', city: 'X', postcode: '1', countryId: 'US', region: '' })) {
      data.set(name, value);
    }
    expect(addressFromForm(data)).toEqual({
      firstName: 'Ada', lastName: 'L', street: ['1 Way'], city: 'X', postcode: '1', countryId: 'US', region: null, telephone: null,
    });
  });

  it('links the success page with the order\'s signed reference', () => {
    expect(successHref('12.1767229200.a-b_c')).toBe('/checkout/success?ref=12.1767229200.a-b_c');
    expect(successHref('x y')).toBe('/checkout/success?ref=x%20y');
  });
});

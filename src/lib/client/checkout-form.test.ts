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

  it('links the success page with the order number', () => {
    expect(successHref('000 12')).toBe('/checkout/success?order=000%2012');
  });
});

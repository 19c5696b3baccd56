import { describe, expect, it } from 'vitest';
import { addressFrom } from './maps.ts';

describe('addressFrom', () => {
  it('fills street, city, postcode and country from a place', () => {
    const component = (long_name: string, types: string[], short_name = long_name) => ({ long_name, short_name, types });
    expect(
      addressFrom([
        component('12', ['street_number']),
        component('Collins Street', ['route']),
        component('Melbourne', ['locality', 'political']),
        component('3000', ['postal_code']),
        component('Australia', ['country', 'political'], 'AU'),
      ]),
    ).toEqual({ street: '12 Collins Street', city: 'Melbourne', postcode: '3000', countryId: 'AU' });
    expect(addressFrom([component('London', ['postal_town'])])).toEqual({ street: '', city: 'London', postcode: '', countryId: '' });
  });
});

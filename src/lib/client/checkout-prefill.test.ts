import { describe, expect, it } from 'vitest';
import { checkoutStart, type Account } from './checkout-prefill.ts';
import type { SavedAddress } from './types.ts';

const saved = (id: number, countryId: string, isDefaultShipping = false): SavedAddress => ({
  id, firstName: 'Grace', lastName: 'Hopper', company: null, street: [`${id} Navy Way`], city: 'Arlington', region: null, postcode: '22201', countryId, telephone: null,
  isDefaultShipping, isDefaultBilling: false,
});
const account = (addresses: SavedAddress[]): Account => ({
  customer: {
    id: 1, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', groupId: 1, groupCode: 'general', approvalStatus: 'active',
    createdAt: '2026-01-01 00:00:00', updatedAt: '2026-01-01 00:00:00',
  },
  addresses,
});

describe('where checkout starts', () => {
  it('prefers what the shopper typed this session', () => {
    const draft = { fields: { email: 'typed@example.com', city: 'Typed City', countryId: 'US' }, saveAddress: true, billingSame: true };
    const start = checkoutStart(draft, account([saved(1, 'US', true)]), ['US']);
    expect(start).toMatchObject({ email: 'typed@example.com', chosenId: null, address: { city: 'Typed City', countryId: 'US' }, billingSame: true, billing: null });
    const withBilling = checkoutStart({ ...draft, billingSame: false, fields: { ...draft.fields, 'billing.city': 'Bath' } }, null, ['US']);
    expect(withBilling).toMatchObject({ billingSame: false, billing: { city: 'Bath' } });
  });

  it('takes a customer\'s default shipping address in a country the store ships to, else the first one', () => {
    expect(checkoutStart(null, account([saved(1, 'US'), saved(2, 'US', true)]), ['US'])).toMatchObject({ email: 'grace@example.com', chosenId: 2, billingSame: true });
    expect(checkoutStart(null, account([saved(1, 'US'), saved(2, 'ZZ', true)]), ['US'])).toMatchObject({ chosenId: 1 });
  });

  it('starts billing from a default billing address other than the shipping one', () => {
    const billing = { ...saved(3, 'US'), isDefaultBilling: true };
    expect(checkoutStart(null, account([saved(1, 'US', true), billing]), ['US'])).toMatchObject({ chosenId: 1, billingSame: false, billing: { id: 3 } });
    const both = { ...saved(1, 'US', true), isDefaultBilling: true };
    expect(checkoutStart(null, account([both]), ['US'])).toMatchObject({ billingSame: true, billing: null });
  });

  it('prefills a customer\'s name without saved addresses, and the account email over a draft without one', () => {
    const start = checkoutStart({ fields: { shippingMethod: 'flatrate' }, saveAddress: true, billingSame: true }, account([]), ['US']);
    expect(start).toMatchObject({ email: 'grace@example.com', chosenId: null, address: { firstName: 'Grace', lastName: 'Hopper', city: '' } });
  });

  it('leaves a guest\'s form blank', () => {
    expect(checkoutStart(null, null, ['US'])).toEqual({ email: '', address: null, chosenId: null, billingSame: true, billing: null });
  });
});

import { describe, expect, it } from 'vitest';
import { addressFromForm } from './checkout-form.ts';
import { draftAsFormData, draftFromForm, draftKey, parseDraft } from './checkout-draft.ts';

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe('checkout draft', () => {
  it('keeps the contact, address and shipping fields, never the card', () => {
    const draft = draftFromForm(form({ email: 'a@b.co', firstName: ' Ada ', street: '1 Way', countryId: 'US', 'billing.city': 'Bath', cardNumber: '4242 4242 4242 4242', cvc: '123', region: '', saveAddress: 'on' }));
    expect(draft).toEqual({ fields: { email: 'a@b.co', firstName: 'Ada', street: '1 Way', countryId: 'US', 'billing.city': 'Bath' }, saveAddress: true, billingSame: false });
    expect(JSON.stringify(draft)).not.toContain('4242');
    expect(draftFromForm(form({ email: 'a@b.co' })).saveAddress).toBe(false);
  });

  it('reads back only well-formed drafts and only the known fields', () => {
    const stored = JSON.stringify({ fields: { city: 'Springfield', cardNumber: '4242', postcode: 12 }, saveAddress: false });
    expect(parseDraft(stored)).toEqual({ fields: { city: 'Springfield' }, saveAddress: false, billingSame: true });
    for (const raw of [null, '', '{', 'null', '[]', '"x"', '{"fields":null}']) expect(parseDraft(raw)).toBeNull();
  });

  it('turns a draft back into the address the form would send', () => {
    const draft = { fields: { firstName: 'Ada', lastName: 'L', street: '1 Way', city: 'X', postcode: '1', countryId: 'GB', 'billing.street': '2 Road' }, saveAddress: true, billingSame: false };
    expect(addressFromForm(draftAsFormData(draft))).toMatchObject({ firstName: 'Ada', street: ['1 Way'], countryId: 'GB', region: null });
    expect(addressFromForm(draftAsFormData(draft), 'billing.')).toMatchObject({ street: ['2 Road'], firstName: '' });
  });

  it('keys drafts per store view', () => {
    expect(draftKey('au')).not.toBe(draftKey('default'));
  });
});

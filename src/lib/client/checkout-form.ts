/** Turning the checkout form into the backend's address, and where the shopper goes after. */
import { formText } from './form-data.ts';
import type { Address } from './types.ts';

export function addressFromForm(data: FormData): Address {
  const region = formText(data, 'region');
  const telephone = formText(data, 'telephone');
  return {
    firstName: formText(data, 'firstName'),
    lastName: formText(data, 'lastName'),
    street: [formText(data, 'street')],
    city: formText(data, 'city'),
    postcode: formText(data, 'postcode'),
    countryId: formText(data, 'countryId'),
    region: region || null,
    telephone: telephone || null,
  };
}

/** The success page shows the order by the signed reference place-order answered, never by its number. */
export function successHref(successReference: string): string {
  return `/checkout/success?ref=${encodeURIComponent(successReference)}`;
}

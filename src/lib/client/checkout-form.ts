/** Turning the checkout form into the backend's address, and where the shopper goes after. */
import { formText } from './form-data.ts';
import type { Address } from './types.ts';

/** The address in `data`; `prefix` names the second address of a form (checkout's "billing."). */
export function addressFromForm(data: FormData, prefix = ''): Address {
  const field = (name: string) => formText(data, `${prefix}${name}`);
  const region = field('region');
  const telephone = field('telephone');
  return {
    firstName: field('firstName'),
    lastName: field('lastName'),
    street: [field('street')],
    city: field('city'),
    postcode: field('postcode'),
    countryId: field('countryId'),
    region: region || null,
    telephone: telephone || null,
  };
}

/** The success page shows the order by the signed reference place-order answered, never by its number. */
export function successHref(successReference: string): string {
  return `/checkout/success?ref=${encodeURIComponent(successReference)}`;
}

/** Turning the checkout form into the backend's address, and where the shopper goes after. */
import type { Address } from './types.ts';

function text(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

export function addressFromForm(data: FormData): Address {
  const region = text(data, 'region');
  const telephone = text(data, 'telephone');
  return {
    firstName: text(data, 'firstName'),
    lastName: text(data, 'lastName'),
    street: [text(data, 'street')],
    city: text(data, 'city'),
    postcode: text(data, 'postcode'),
    countryId: text(data, 'countryId'),
    region: region || null,
    telephone: telephone || null,
  };
}

export function successHref(orderNumber: string): string {
  return `/checkout/success?order=${encodeURIComponent(orderNumber)}`;
}

/**
 * Address autocomplete, offered only when the store (or `data-maps-key`) gives a maps key
 * (DECISIONS.md 32): Google's Places library is loaded then and not before. Choosing a suggestion
 * fills street, city, postcode and country; the shopper can still edit every field.
 */
import { loadScript } from './stripe.ts';

interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

interface PlacesAutocomplete {
  addListener(event: 'place_changed', handler: () => void): void;
  getPlace(): { address_components?: AddressComponent[] };
}

declare global {
  interface Window {
    google?: { maps: { places: { Autocomplete: new (input: HTMLInputElement, options: object) => PlacesAutocomplete } } };
  }
}

export interface AutocompletedAddress {
  street: string;
  city: string;
  postcode: string;
  countryId: string;
}

/** The form's fields from a place's address components. */
export function addressFrom(components: AddressComponent[]): AutocompletedAddress {
  const part = (type: string, short = false) => {
    const found = components.find((component) => component.types.includes(type));
    return (short ? found?.short_name : found?.long_name) ?? '';
  };
  return {
    street: [part('street_number'), part('route')].filter(Boolean).join(' '),
    city: part('locality') || part('postal_town'),
    postcode: part('postal_code'),
    countryId: part('country', true),
  };
}

export async function attachAutocomplete(key: string, input: HTMLInputElement, fill: (address: AutocompletedAddress) => void): Promise<void> {
  if (!window.google?.maps?.places) await loadScript(`https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&libraries=places`);
  const autocomplete = new window.google!.maps.places.Autocomplete(input, { fields: ['address_components'], types: ['address'] });
  autocomplete.addListener('place_changed', () => fill(addressFrom(autocomplete.getPlace().address_components ?? [])));
}

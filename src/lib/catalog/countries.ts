/**
 * The countries a shopper can ship to: the synced `{store}:countries` (with regions), narrowed to
 * the store's allowed countries when the config names them, with the store's default first chosen.
 */
import type { Country, StoreConfig } from '../content/schemas.ts';

export interface CheckoutCountries {
  list: Country[];
  defaultCountry: string;
}

export function allowedCountries(all: Country[], config: Pick<StoreConfig, 'allowedCountries' | 'defaultCountry'> | undefined): CheckoutCountries {
  const allowed = new Set(config?.allowedCountries ?? []);
  const list = (allowed.size > 0 ? all.filter((country) => allowed.has(country.id)) : all).toSorted((a, b) => a.name.localeCompare(b.name));
  const preferred = config?.defaultCountry;
  const defaultCountry = list.some((country) => country.id === preferred) ? (preferred ?? '') : (list[0]?.id ?? '');
  return { list, defaultCountry };
}

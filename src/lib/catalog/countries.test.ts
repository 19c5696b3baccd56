import { describe, expect, it } from 'vitest';
import { allowedCountries } from './countries.ts';

const all = [
  { id: 'US', name: 'United States', regions: [] },
  { id: 'DE', name: 'Germany', regions: [] },
  { id: 'FR', name: 'France', regions: [] },
];

describe('allowedCountries', () => {
  it('keeps the allowed ones by name and picks the default', () => {
    expect(allowedCountries(all, { allowedCountries: ['US', 'DE'], defaultCountry: 'US' })).toEqual({
      list: [all[1], all[0]],
      defaultCountry: 'US',
    });
  });

  it('falls back to the first country when the default is not offered', () => {
    expect(allowedCountries(all, { allowedCountries: [], defaultCountry: 'XX' }).defaultCountry).toBe('FR');
  });
});

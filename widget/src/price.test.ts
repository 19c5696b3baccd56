import { describe, expect, it } from 'vitest';
import { formatPrice } from './price.ts';

describe('formatPrice', () => {
  it('formats in the store currency', () => {
    expect(formatPrice(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(formatPrice(25, 'EUR', 'de-DE')).toBe('25,00\u00a0€');
  });

  it('falls back to the amount and code for a currency code Intl refuses', () => {
    expect(formatPrice(25, 'DOLLARS', 'en-US')).toBe('25.00 DOLLARS');
  });
});

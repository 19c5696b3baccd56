import { describe, expect, it, vi } from 'vitest';
import { priceFormatter, toBcp47 } from './price.ts';

describe('toBcp47', () => {
  it('turns backend locales into BCP 47 tags', () => {
    expect(toBcp47('en_US')).toBe('en-US');
    expect(toBcp47('en_AU')).toBe('en-AU');
    expect(toBcp47('de-DE')).toBe('de-DE');
  });
  it('falls back to en-US for garbage', () => {
    expect(toBcp47('not a locale!!')).toBe('en-US');
    expect(toBcp47('')).toBe('en-US');
  });
});

describe('priceFormatter', () => {
  it('formats in the store locale and currency', () => {
    expect(priceFormatter('en_US', 'USD')(1234.5)).toBe('$1,234.50');
    expect(priceFormatter('en_AU', 'AUD')(19)).toBe('$19.00');
    expect(priceFormatter('en_US', 'AUD')(19)).toBe('A$19.00');
    expect(priceFormatter('de_DE', 'EUR')(5)).toBe('5,00\u00a0€');
  });
  it('returns the same formatter for the same locale and currency', () => {
    expect(priceFormatter('en_US', 'USD')).toBe(priceFormatter('en_US', 'USD'));
  });
  it('still shows the amount for an unknown currency code, and reports it', () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(priceFormatter('en_US', 'XX1')(3)).toBe('3.00 XX1');
    expect(report).toHaveBeenCalledOnce();
    report.mockRestore();
  });
});

import { describe, expect, it } from 'vitest';
import { addressSummary, errorMessage, optionSummary } from './display.ts';

describe('display helpers', () => {
  it('summarises options', () => {
    expect(optionSummary({ color: 'Navy', size: 'M' })).toBe('Color: Navy, Size: M ·');
    expect(optionSummary({})).toBe('');
  });

  it('reads the message of any failure', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
  });

  it('names an address on one line', () => {
    expect(addressSummary({ firstName: 'Ada', lastName: 'L', street: ['1 Way', 'Flat 2'], city: 'X', postcode: '1', countryId: 'GB' })).toBe('Ada L, 1 Way, Flat 2, 1 X, GB');
  });
});

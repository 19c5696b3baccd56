import { describe, expect, it } from 'vitest';
import { addressSummary, errorMessage, optionSummary, orderStatusLabel } from './display.ts';

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

  it('names an order status as shoppers say it, and a status it does not know as it is', () => {
    expect(['pending', 'processing', 'complete', 'canceled', 'on_hold'].map(orderStatusLabel)).toEqual(['Awaiting payment', 'Processing', 'Shipped', 'Canceled', 'on_hold']);
  });
});

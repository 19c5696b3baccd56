import { describe, expect, it } from 'vitest';
import { errorMessage, optionSummary } from './display.ts';

describe('display helpers', () => {
  it('summarises options', () => {
    expect(optionSummary({ color: 'Navy', size: 'M' })).toBe('Color: Navy, Size: M ·');
    expect(optionSummary({})).toBe('');
  });

  it('reads the message of any failure', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
  });
});

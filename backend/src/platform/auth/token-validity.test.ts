import { describe, expect, it } from 'vitest';
import { issuedInValidTime, validAfterFor } from './token-validity.ts';

describe('the one-second boundary of tokensValidAfter', () => {
  it('refuses a token issued earlier in the second of the change, and accepts one issued after it', () => {
    const change = new Date('2026-11-27T10:00:05.400Z');
    const validAfter = validAfterFor(change);
    expect(validAfter.toISOString()).toBe('2026-11-27T10:00:06.000Z');
    // Issued at 10:00:05.100 (before the change): iat is 10:00:05.
    expect(issuedInValidTime(Date.parse('2026-11-27T10:00:05Z') / 1000, validAfter)).toBe(false);
    // Issued after the change in the same second: token-validity.ts moves its iat to 10:00:06.
    expect(issuedInValidTime(validAfter.getTime() / 1000, validAfter)).toBe(true);
    expect(issuedInValidTime(Date.parse('2026-11-27T10:00:07Z') / 1000, validAfter)).toBe(true);
  });

  it('keeps a change on a whole second on that second, and accepts every token of an account never changed', () => {
    expect(validAfterFor(new Date('2026-11-27T10:00:05.000Z')).toISOString()).toBe('2026-11-27T10:00:05.000Z');
    expect(issuedInValidTime(0, null)).toBe(true);
  });
});

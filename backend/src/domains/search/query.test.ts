import { describe, expect, it } from 'vitest';
import { prefixQuery } from './query.ts';

describe('prefixQuery', () => {
  it('turns words into ANDed prefixes and drops tsquery syntax', () => {
    expect(prefixQuery('Blu  shi')).toBe('blu:* & shi:*');
    expect(prefixQuery("x' | !(y) & z:*")).toBe('x:* & y:* & z:*');
    expect(prefixQuery('Café 42')).toBe('café:* & 42:*');
    expect(prefixQuery(' &|! ')).toBeUndefined();
  });
});

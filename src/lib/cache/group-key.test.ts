import { describe, expect, it } from 'vitest';
import { groupCacheKey } from './group-key.ts';

describe('the group key of a signed-in view (DECISIONS.md 48)', () => {
  it('is the group alone while no rule names countries: every customer of a group shares one copy', () => {
    expect(groupCacheKey({ groupId: 2, country: 'US' }, false)).toBe('group-2');
    expect(groupCacheKey({ groupId: 2, country: 'DE' }, false)).toBe('group-2');
  });

  it('adds the country while a rule names countries, `none` without a default shipping address', () => {
    expect(groupCacheKey({ groupId: 2, country: 'US' }, true)).toBe('group-2-US');
    expect(groupCacheKey({ groupId: 2, country: 'DE' }, true)).toBe('group-2-DE');
    expect(groupCacheKey({ groupId: 2, country: 'none' }, true)).toBe('group-2-none');
    expect(groupCacheKey({ groupId: 2 }, true)).toBe('group-2-none');
  });
});

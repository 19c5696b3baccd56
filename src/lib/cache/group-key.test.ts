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

describe('the key of a buyer priced by price lists (DECISIONS.md 60)', () => {
  it('is their price-list set within their group: another set, or no set, is another copy', () => {
    expect(groupCacheKey({ groupId: 2, viewKey: 'pl-0123456789abcdef' }, false)).toBe('pl-0123456789abcdef-group-2');
    expect(groupCacheKey({ groupId: 2, viewKey: 'pl-fedcba9876543210' }, false)).toBe('pl-fedcba9876543210-group-2');
    expect(groupCacheKey({ groupId: 2, viewKey: null }, false)).toBe('group-2');
    expect(groupCacheKey({ groupId: 2, country: 'US', viewKey: 'pl-0123456789abcdef' }, true)).toBe('pl-0123456789abcdef-group-2-US');
  });
});

import { describe, expect, it } from 'vitest';
import { cacheKey, normalizedSearch, versionTag } from './cache-key.ts';

describe('edge cache keys', () => {
  it('combine pulse and asset hash into the version tag', () => {
    expect(versionTag('abc123', 'f00d')).toBe('abc123.f00d');
    expect(versionTag(null, 'f00d')).toBe('unsynced.f00d');
  });

  it('put the tag and the store in the path of a key on the same host', () => {
    const key = cacheKey(new URL('https://shop.example/women/tops?page=2'), 'p1.a1', 'default');
    expect(key).toBe('https://shop.example/_edge-cache/p1.a1/default/women/tops?page=2');
    expect(cacheKey(new URL('https://shop.example/women'), 'p2.a1', 'default')).not.toBe(
      cacheKey(new URL('https://shop.example/women'), 'p1.a1', 'default'),
    );
  });

  it('give a signed-in customer group its own key, and guests the key they always had', () => {
    const url = new URL('https://shop.example/women?page=2');
    expect(cacheKey(url, 'p1.a1', 'default', 'group-2')).toBe('https://shop.example/_edge-cache/p1.a1/default/group-2/women?page=2');
    expect(cacheKey(url, 'p1.a1', 'default', 'group-2-US')).toBe('https://shop.example/_edge-cache/p1.a1/default/group-2-US/women?page=2');
    expect(cacheKey(url, 'p1.a1', 'default', 'group-0')).not.toBe(cacheKey(url, 'p1.a1', 'default'));
    expect(cacheKey(url, 'p1.a1', 'default', null)).toBe(cacheKey(url, 'p1.a1', 'default'));
    expect(new Set([null, 'group-0', 'group-1', 'group-2', 'group-2-US', 'group-2-none'].map((group) => cacheKey(url, 'p1.a1', 'default', group))).size).toBe(6);
  });

  it('ignore tracking parameters and parameter order', () => {
    expect(normalizedSearch(new URLSearchParams('utm_source=x&page=2&gclid=1'))).toBe('?page=2');
    expect(normalizedSearch(new URLSearchParams('b=2&a=1'))).toBe('?a=1&b=2');
    expect(normalizedSearch(new URLSearchParams('utm_medium=email'))).toBe('');
  });
});

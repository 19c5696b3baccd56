import { describe, expect, it } from 'vitest';
import { contentKeys, keySuffix, parseContentKey } from './keys.ts';

describe('contentKeys', () => {
  it('builds the keys of the SPEC.md table', () => {
    expect(contentKeys.config('au')).toBe('au:config');
    expect(contentKeys.categories('default')).toBe('default:categories');
    expect(contentKeys.product('default', 'linen-shirt')).toBe('default:product:linen-shirt');
    expect(contentKeys.listingPage('default', 12, 3)).toBe('default:products:category:12:page:3');
    expect(contentKeys.cms('au', 'about-us')).toBe('au:cms:about-us');
    expect(contentKeys.blog('au', 'spring')).toBe('au:blog:spring');
    expect(contentKeys.countries('default')).toBe('default:countries');
    expect(contentKeys.pulse()).toBe('pulse');
  });

  it('keeps product keys and listing keys under disjoint prefixes', () => {
    const listing = contentKeys.listingPage('default', 1, 1);
    expect(listing.startsWith(contentKeys.productPrefix('default'))).toBe(false);
    expect(contentKeys.product('default', 'x').startsWith(contentKeys.listingPrefix('default'))).toBe(false);
  });

  it('takes the suffix of a prefixed key', () => {
    expect(keySuffix('default:product:linen-shirt', contentKeys.productPrefix('default'))).toBe('linen-shirt');
  });
});

describe('parseContentKey', () => {
  it('names every key shape of the SPEC.md table', () => {
    expect(parseContentKey('au:config')).toEqual({ kind: 'config', store: 'au' });
    expect(parseContentKey('default:categories')).toEqual({ kind: 'categories', store: 'default' });
    expect(parseContentKey('default:countries')).toEqual({ kind: 'countries', store: 'default' });
    expect(parseContentKey('default:product:linen-shirt')).toEqual({ kind: 'product', store: 'default', urlKey: 'linen-shirt' });
    expect(parseContentKey('default:products:category:12:page:3')).toEqual({
      kind: 'listingPage',
      store: 'default',
      categoryId: 12,
      page: 3,
    });
    expect(parseContentKey('au:cms:about-us')).toEqual({ kind: 'cms', store: 'au', identifier: 'about-us' });
    expect(parseContentKey('au:blog:spring')).toEqual({ kind: 'blog', store: 'au', identifier: 'spring' });
    expect(parseContentKey('pulse')).toEqual({ kind: 'pulse' });
  });

  it('round-trips the keys contentKeys builds', () => {
    for (const key of [contentKeys.product('au', 'a:b'), contentKeys.cms('default', 'help/faq'), contentKeys.listingPage('x', 1, 1)]) {
      expect(parseContentKey(key)).not.toBeNull();
    }
  });

  it.each([
    '',
    'config',
    ':config',
    'default:settings',
    'default:product:',
    'default:products:category:0:page:1',
    'default:products:category:1:page:x',
    'freshness:default:config',
    'bad store:config',
    'default:cms:a\nb',
    `default:product:${'x'.repeat(500)}`,
  ])('refuses %j', (key) => {
    expect(parseContentKey(key)).toBeNull();
  });
});

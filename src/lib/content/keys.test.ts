import { describe, expect, it } from 'vitest';
import { contentKeys, keySuffix } from './keys.ts';

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

import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderSitemap } from './sitemap.ts';
import { guestOpenPaths, openSitemapSource } from './walled-store.ts';
import { category } from './test-support.ts';

const wallManifest = (storeWide: boolean) => ({
  extensions: { b2bPlugins: [{ code: 'access', config: { enabled: true, loginMessage: 'Members only', loginWall: { storeWide, redirectTo: '/members', exemptPaths: ['/about-us'] } } }] },
});

describe('guestOpenPaths', () => {
  it('is the wall target, the exempt pages and the account pages behind a store-wide wall, else null', () => {
    const open = guestOpenPaths(wallManifest(true));
    expect(open?.has('/members')).toBe(true);
    expect(open?.has('/about-us')).toBe(true);
    expect(open?.has('/login')).toBe(true);
    expect(open?.has('/')).toBe(false);
    expect(guestOpenPaths(wallManifest(false))).toBeNull();
    expect(guestOpenPaths({ extensions: {} })).toBeNull();
  });
});

describe('the sitemap behind the wall', () => {
  it('lists only the open CMS pages: no home, category, product or blog post', () => {
    const source = {
      categories: [category(3, { urlPath: 'trade-supplies', urlKey: 'trade-supplies' })],
      products: [{ name: 'bulk-gloves' }],
      cmsPages: [{ name: 'about-us' }, { name: 'members' }, { name: 'privacy-policy' }],
      blogPosts: [{ name: 'spring' }],
      homeUpdatedAt: '2026-01-01 00:00:00',
    };
    const open = guestOpenPaths(wallManifest(true))!;
    const xml = renderSitemap({ origin: 'https://shop.example', ...openSitemapSource(source, open), includeHome: false });
    const parsed = new XMLParser({ isArray: (name) => name === 'url' }).parse(xml) as { urlset: { url: Array<{ loc: string }> } };
    const locs = parsed.urlset.url.map((entry) => entry.loc);
    expect(locs).toEqual(['https://shop.example/about-us', 'https://shop.example/members']);
    expect(renderSitemap({ origin: 'https://shop.example', ...source })).toContain('https://shop.example/bulk-gloves');
  });
});

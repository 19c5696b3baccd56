import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { contentKeys } from '../content/keys.ts';
import { renderSitemap, SITEMAP_NAMESPACE, w3cDatetime } from './sitemap.ts';
import { KV_LIST_PAGE, loadSitemapSource, type ListingKv } from './sitemap-source.ts';
import { category } from './test-support.ts';

interface UrlNode {
  loc: string;
  lastmod?: string;
  changefreq: string;
  priority: number;
}

const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const CHANGEFREQ = new Set(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);

/** Validates with fast-xml-parser and returns the `<url>` entries after checking each one's shape. */
function parseSitemap(xml: string): UrlNode[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => name === 'url' }).parse(xml);
  expect(parsed.urlset['@_xmlns']).toBe(SITEMAP_NAMESPACE);
  const urls = parsed.urlset.url as UrlNode[];
  for (const url of urls) {
    expect(Object.keys(url).every((key) => ['loc', 'lastmod', 'changefreq', 'priority'].includes(key))).toBe(true);
    expect(new URL(url.loc).href).toBe(url.loc);
    if (url.lastmod !== undefined) expect(url.lastmod).toMatch(W3C);
    expect(CHANGEFREQ.has(url.changefreq)).toBe(true);
    expect(url.priority).toBeGreaterThanOrEqual(0);
    expect(url.priority).toBeLessThanOrEqual(1);
  }
  return urls;
}

/**
 * A KV namespace's `list()` as Workers implements it (sorted keys, pages of at most 1,000 with a
 * cursor, metadata on each key), counting the calls. It has no `get`: the sitemap may not read records.
 */
function countingKv(entries: Array<[string, { updatedAt: string } | undefined]>) {
  const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : 1));
  const ops = { list: 0 };
  const kv: ListingKv = {
    list: (async (options?: KVNamespaceListOptions) => {
      ops.list++;
      const prefix = options?.prefix ?? '';
      const matching = sorted.filter(([name]) => name.startsWith(prefix));
      const start = options?.cursor ? Number(options.cursor) : 0;
      const limit = Math.min(options?.limit ?? KV_LIST_PAGE, KV_LIST_PAGE);
      const keys = matching.slice(start, start + limit).map(([name, metadata]) => ({ name, metadata }));
      const end = start + keys.length;
      return end >= matching.length
        ? { keys, list_complete: true, cacheStatus: null }
        : { keys, list_complete: false, cursor: String(end), cacheStatus: null };
    }) as ListingKv['list'],
  };
  return { kv, ops };
}

describe('w3cDatetime', () => {
  it('converts the backend format and omits anything else', () => {
    expect(w3cDatetime('2026-03-04 05:06:07')).toBe('2026-03-04T05:06:07Z');
    for (const bad of [undefined, '', '2026-03-04', '2026-02-30 10:00:00', '2026-03-04T05:06:07Z', 'yesterday', '2026-13-01 00:00:00']) {
      expect(w3cDatetime(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('renderSitemap', () => {
  const xml = renderSitemap({
    origin: 'https://au.shop.example',
    homeUpdatedAt: '2026-01-01 00:00:00',
    categories: [
      category(1, { children: [category(11, { urlPath: 'c1/c11', parentId: 1, updatedAt: 'broken' })] }),
      category(2, { isActive: false }),
    ],
    products: [{ name: 'blue-tee', updatedAt: '2026-02-03 04:05:06' }, { name: 'a&b <tee>' }],
    cmsPages: [{ name: 'about-us', updatedAt: '2026-01-05 00:00:00' }],
    blogPosts: [{ name: 'hello', updatedAt: '2026-01-06 00:00:00' }],
  });
  const urls = parseSitemap(xml);

  it('is valid XML with one well-formed entry per page, priorities and frequencies of SPEC.md', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(urls.map((url) => [url.loc, url.changefreq, url.priority])).toEqual([
      ['https://au.shop.example/', 'daily', 1],
      ['https://au.shop.example/c1', 'weekly', 0.8],
      ['https://au.shop.example/c1/c11', 'weekly', 0.8],
      ['https://au.shop.example/blue-tee', 'weekly', 0.6],
      ['https://au.shop.example/a%26b%20%3Ctee%3E', 'weekly', 0.6],
      ['https://au.shop.example/about-us', 'monthly', 0.4],
      ['https://au.shop.example/blog/hello', 'monthly', 0.5],
    ]);
  });

  it('derives lastmod from updatedAt and omits it when missing or malformed', () => {
    const lastmod = Object.fromEntries(urls.map((url) => [url.loc, url.lastmod]));
    expect(lastmod['https://au.shop.example/']).toBe('2026-01-01T00:00:00Z');
    expect(lastmod['https://au.shop.example/blue-tee']).toBe('2026-02-03T04:05:06Z');
    expect(lastmod['https://au.shop.example/c1/c11']).toBeUndefined();
    expect(lastmod['https://au.shop.example/a%26b%20%3Ctee%3E']).toBeUndefined();
    expect(xml).not.toContain('<lastmod></lastmod>');
  });
});

describe('the sitemap at 10,001 products', () => {
  const entries: Array<[string, { updatedAt: string } | undefined]> = [];
  for (let index = 0; index < 10_001; index++) {
    entries.push([contentKeys.product('default', `product-${String(index).padStart(5, '0')}`), { updatedAt: '2026-01-02 03:04:05' }]);
  }
  // Another store's products and the reserved CMS pages must not leak in.
  entries.push([contentKeys.product('au', 'other-store'), undefined]);
  for (const identifier of ['home', 'no-route', 'about-us']) entries.push([contentKeys.cms('default', identifier), { updatedAt: '2026-01-01 00:00:00' }]);
  entries.push([contentKeys.blog('default', 'hello'), { updatedAt: '2026-01-01 00:00:00' }]);

  it('lists 10,000 products from list() pages alone, within the Workers limits', async () => {
    const { kv, ops } = countingKv(entries);
    let categoryReads = 0;
    const source = await loadSitemapSource(kv, 'default', async () => {
      categoryReads++;
      return [category(1)];
    });
    const xml = renderSitemap({ origin: 'https://shop.example', ...source });

    const urls = parseSitemap(xml);
    const products = urls.filter((url) => url.priority === 0.6);
    expect(products).toHaveLength(10_000);
    expect(products.every((url) => url.lastmod === '2026-01-02T03:04:05Z')).toBe(true);
    expect(urls.map((url) => url.loc)).not.toContain('https://shop.example/other-store');
    expect(urls.filter((url) => url.priority === 0.4).map((url) => url.loc)).toEqual(['https://shop.example/about-us']);
    expect(urls[0]?.lastmod).toBe('2026-01-01T00:00:00Z');
    // 10 product pages + 1 CMS + 1 blog listing, one category read, no read per product: far below
    // the 1,000 KV operations a Workers request may make.
    expect(ops.list).toBe(12);
    expect(categoryReads).toBe(1);
    // Workers allow 128 MB: this stays in the low megabytes. Its time is the bench's, not this test's.
    expect(new TextEncoder().encode(xml).length).toBeLessThan(2_000_000);
  }, 30_000);
});

/**
 * `/sitemap.xml` (sitemaps.org protocol 0.9), built with fast-xml-parser's builder (the
 * `fast-xml-builder` package its XMLBuilder export now points to), which escapes text, so no URL
 * is ever concatenated into markup. Priorities, change frequencies and `lastmod` follow SPEC.md;
 * products are capped at 10,000. Pure.
 */
import XmlBuilder from 'fast-xml-builder';
import { categoryHref } from '../catalog/category-tree.ts';
import { productHref } from '../catalog/product-view.ts';
import { cmsHref } from '../catalog/resolve-path.ts';
import { blogPostHref } from '../catalog/blog.ts';
import type { CategoryNode } from '../content/schemas.ts';
import { absoluteUrl } from './public-origin.ts';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** SPEC.md Limits: products in the sitemap (the protocol's own maximum is 50,000 URLs). */
export const MAX_SITEMAP_PRODUCTS = 10_000;

/** A record listed from KV: its name (urlKey or identifier) and its `updatedAt` key metadata. */
export interface ListedRecord {
  name: string;
  updatedAt?: string | undefined;
}

export interface SitemapInput {
  origin: string;
  categories: CategoryNode[];
  products: ListedRecord[];
  /** CMS pages other than home and no-route. */
  cmsPages: ListedRecord[];
  blogPosts: ListedRecord[];
  /** `updatedAt` of the home page's content (the `home` CMS page), when there is one. */
  homeUpdatedAt?: string | undefined;
  /** False behind a store-wide login wall, whose home page guests cannot open. */
  includeHome?: boolean;
}

type ChangeFrequency = 'daily' | 'weekly' | 'monthly';

interface UrlEntry {
  loc: string;
  lastmod?: string;
  changefreq: ChangeFrequency;
  priority: string;
}

const BACKEND_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The backend's `YYYY-MM-DD HH:MM:SS` (UTC) as a W3C datetime (`T` instead of the space, `Z`
 * appended); undefined when missing or not a real date and time, so the entry omits `lastmod`.
 */
export function w3cDatetime(timestamp: string | undefined): string | undefined {
  const match = timestamp ? BACKEND_TIMESTAMP.exec(timestamp) : null;
  if (!match || !timestamp) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const valid =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day &&
    date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
  return valid ? `${timestamp.replace(' ', 'T')}Z` : undefined;
}

function url(loc: string, updatedAt: string | undefined, changefreq: ChangeFrequency, priority: string): UrlEntry {
  const lastmod = w3cDatetime(updatedAt);
  return lastmod ? { loc, lastmod, changefreq, priority } : { loc, changefreq, priority };
}

/** Active categories at every depth, parents before children, in the merchant's order. */
function categoryEntries(nodes: CategoryNode[], origin: string): UrlEntry[] {
  return [...nodes]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .flatMap((node) => [
      ...(node.isActive ? [url(absoluteUrl(origin, categoryHref(node)), node.updatedAt, 'weekly', '0.8')] : []),
      ...categoryEntries(node.children, origin),
    ]);
}

const builder = new XmlBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: false });

export function renderSitemap(input: SitemapInput): string {
  const { origin } = input;
  const entries: UrlEntry[] = [
    ...(input.includeHome === false ? [] : [url(absoluteUrl(origin, '/'), input.homeUpdatedAt, 'daily', '1.0')]),
    ...categoryEntries(input.categories, origin),
    ...input.products.slice(0, MAX_SITEMAP_PRODUCTS).map((product) => url(absoluteUrl(origin, productHref(product.name)), product.updatedAt, 'weekly', '0.6')),
    ...input.cmsPages.map((page) => url(absoluteUrl(origin, cmsHref(page.name)), page.updatedAt, 'monthly', '0.4')),
    ...input.blogPosts.map((post) => url(absoluteUrl(origin, blogPostHref(post.name)), post.updatedAt, 'monthly', '0.5')),
  ];
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    urlset: { '@_xmlns': SITEMAP_NAMESPACE, url: entries },
  });
}

/**
 * The agent documents of a store behind B2B Access's store-wide login wall (DECISIONS.md 43):
 * `/sitemap.xml` and `/llms.txt` then list only the pages a guest may open (the wall's target and
 * the exempt CMS pages), never the catalog the wall hides. Pure.
 */
import { accessSettings, tradeApplyPath, type StoreExtensions } from '../catalog/b2b-manifests.ts';
import { cmsHref } from '../catalog/resolve-path.ts';
import { openPagePaths } from '../gate/login-wall.ts';
import type { SitemapSource } from './sitemap-source.ts';

/** The page paths a guest may open, or null when the store has no store-wide wall. */
export function guestOpenPaths(config: StoreExtensions): Set<string> | null {
  const { wall } = accessSettings(config);
  return wall ? openPagePaths({ wall, applyPath: tradeApplyPath(config) }) : null;
}

/** The sitemap's records reduced to the open CMS pages: no home, categories, products or posts. */
export function openSitemapSource(source: SitemapSource, open: Set<string>): SitemapSource {
  return {
    categories: [],
    products: [],
    cmsPages: source.cmsPages.filter((page) => open.has(cmsHref(page.name))),
    blogPosts: [],
    homeUpdatedAt: undefined,
  };
}

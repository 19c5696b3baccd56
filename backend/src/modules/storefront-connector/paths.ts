import { inArray } from 'drizzle-orm';
import type { Db } from '../../core/db/database.ts';
import { blogPosts, categories, cmsPages, products } from '../../core/db/schema/index.ts';
import type { SyncType } from './runner.ts';

/**
 * Storefront paths of saved records (README "Storefront endpoints": `/{category urlPath}`,
 * `/{product urlKey}`, `/{cms identifier}`, `/blog/{identifier}` and the blog's index), for the zone
 * purge after their sync.
 */
export async function pathsOf(db: Db, type: SyncType, ids: readonly number[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  switch (type) {
    case 'products':
      return (await db.select({ key: products.urlKey }).from(products).where(inArray(products.id, unique))).map((r) => `/${r.key}`);
    case 'categories':
      return (await db.select({ key: categories.urlPath }).from(categories).where(inArray(categories.id, unique))).map((r) => `/${r.key}`);
    case 'cms-pages':
      return (await db.select({ key: cmsPages.identifier }).from(cmsPages).where(inArray(cmsPages.id, unique))).map((r) => `/${r.key}`);
    case 'blog-posts': {
      const posts = await db.select({ key: blogPosts.identifier }).from(blogPosts).where(inArray(blogPosts.id, unique));
      return ['/blog', ...posts.map((r) => `/blog/${r.key}`)];
    }
    case 'all':
      return [];
  }
}

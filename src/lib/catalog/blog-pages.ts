/**
 * The blog from KV: the index lists the store's `{store}:blog:*` keys (one list call per 1,000)
 * and reads each post, newest first; a post page reads its one key. Both are guest content and
 * edge-cached like the catalog.
 */
import { listRecords, type ListingKv } from '../agents/sitemap-source.ts';
import type { ContentStore } from '../content/content-store.ts';
import { contentKeys } from '../content/keys.ts';
import type { BlogPost } from '../content/schemas.ts';

/** Posts on the index; older ones stay reachable through the sitemap. */
export const BLOG_INDEX_LIMIT = 50;

/** By publication time (the backend lists published posts only, each with its time), ties by identifier. */
export function newestFirst(posts: BlogPost[]): BlogPost[] {
  return [...posts].sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : a.identifier.localeCompare(b.identifier)));
}

export async function loadBlogIndex(kv: ListingKv, content: Pick<ContentStore, 'store' | 'blogPost'>): Promise<BlogPost[]> {
  const records = await listRecords(kv, contentKeys.blogPrefix(content.store), BLOG_INDEX_LIMIT);
  const posts = await Promise.all(records.map((record) => content.blogPost(record.name)));
  return newestFirst(posts.filter((post): post is BlogPost => post !== null));
}

/** "15 January 2026" in the store's language; the backend's timestamps are UTC. */
export function publishedLabel(post: Pick<BlogPost, 'publishedAt'>, lang: string): string {
  const stamp = post.publishedAt.replace(' ', 'T');
  const date = new Date(`${stamp}Z`);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

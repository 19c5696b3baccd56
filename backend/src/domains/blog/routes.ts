import { createRoute, z } from '@hono/zod-openapi';
import { blogPostSchema } from '../../../../contracts/blog-post.ts';
import { and, asc, desc, eq } from 'drizzle-orm';
import { blogPosts } from '../../platform/db/schema/index.ts';
import { selectPage } from '../../platform/db/select-page.ts';
import { publicCatalogCache } from '../../platform/http/cache-control.ts';
import type { StoreEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { collectionOf, errorResponses, jsonContent, PagingQuery } from '../../platform/http/schemas.ts';
import { blogImageUrl } from '../media/urls.ts';
import { StoreHeaders, StoreQuery } from '../stores/schemas.ts';
import { resolveStoreView } from '../stores/store-view.ts';
import { formatTimestamp } from '../../platform/time.ts';
import { overlay, storeTextsIn } from '../stores/store-texts.ts';
import { blogPostTextKind } from './store-texts.ts';

const listBlogPostsRoute = createRoute({
  method: 'get',
  path: '/blog-posts',
  tags: ['Content'],
  summary: 'Published blog posts, newest first',
  middleware: [resolveStoreView, publicCatalogCache] as const,
  request: {
    query: PagingQuery.extend(StoreQuery.shape).extend({ identifier: z.string().min(1).optional() }),
    headers: StoreHeaders,
  },
  responses: { 200: jsonContent(collectionOf(blogPostSchema, 'BlogPostCollection'), 'A page of blog posts'), ...errorResponses },
});

export const blogRoutes = createRouter<StoreEnv>().openapi(listBlogPostsRoute, async (c) => {
  const { page, itemsPerPage, identifier } = c.req.valid('query');
  const where = and(eq(blogPosts.isPublished, true), identifier === undefined ? undefined : eq(blogPosts.identifier, identifier));
  const order = [desc(blogPosts.publishedAt), asc(blogPosts.id)];
  const { rows, totalItems } = await selectPage(c.var.db, blogPosts, where, order, { page, itemsPerPage });
  // The store view's own texts where it has them (store-texts.ts).
  const texts = await storeTextsIn(c.var.db, blogPostTextKind, c.var.store.id, rows.map((row) => row.id));
  const member = rows.map((row) => overlay(row, texts.get(row.id))).map((p) => ({
    id: p.id,
    identifier: p.identifier,
    title: p.title,
    excerpt: p.excerpt,
    content: p.content,
    author: p.author,
    publishedAt: formatTimestamp(p.publishedAt),
    featuredImageUrl: p.featuredImageFile ? blogImageUrl(p.featuredImageFile) : null,
    tags: p.tags,
    updatedAt: formatTimestamp(p.updatedAt),
  }));
  return c.json({ member, totalItems, page, itemsPerPage }, 200);
});

/**
 * Blog posts as the admin edits them (DECISIONS.md 42): the fields an editor sets (the publish date
 * included: a post dated in the future is listed from then on, as the public list orders by it),
 * the record the admin API answers, and `blog_post_saved` on every save and delete; the grid's
 * status and publish date filters, sortable columns and bulk actions (publish, unpublish, delete);
 * a preview.
 */
import { eq } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import { documentAdmin } from '../../platform/content-admin/document-admin.ts';
import { documentPages } from '../../platform/content-admin/document-pages.ts';
import { documentAdminRoutes } from '../../platform/content-admin/document-routes.ts';
import { contentIdentifier } from '../../platform/content-admin/fields.ts';
import { blogPosts } from '../../platform/db/schema/index.ts';
import { Timestamp } from '../../platform/http/schemas.ts';
import { blogImageUrl } from '../media/urls.ts';
import { formatTimestamp } from '../../platform/time.ts';
import { documentStoreTexts } from '../stores/store-texts.ts';
import { BlogPostStoreOverrides, blogPostTextKind, type BlogPostStoreTexts, type BlogPostTextField } from './store-texts.ts';

const fields = {
  identifier: contentIdentifier('post'),
  title: z.string().trim().min(1).max(255),
  excerpt: z.string().trim().max(1000),
  content: z.string().max(500_000),
  author: z.string().trim().max(100),
  publishedAt: z.iso.datetime({ offset: true }).openapi({ example: '2026-11-26T09:00:00Z' }),
  tags: z.array(z.string().trim().min(1).max(50)).max(20),
  isPublished: z.boolean(),
  storeOverrides: BlogPostStoreOverrides,
};

export const BlogPostInput = z
  .object({
    ...fields,
    excerpt: fields.excerpt.default(''),
    content: fields.content.default(''),
    author: fields.author.default(''),
    publishedAt: fields.publishedAt.default(() => new Date().toISOString()).openapi({ description: 'Now when absent.' }),
    tags: fields.tags.default([]),
    isPublished: fields.isPublished.default(true),
    storeOverrides: fields.storeOverrides.optional(),
  })
  .strict()
  .openapi('BlogPostInput');
/** A PATCH: the fields sent, no defaults (an absent field stays as it is). */
export const BlogPostPatch = z.object(fields).partial().strict().openapi('BlogPostPatch');

/** `storeOverrides`: every other store view's own texts, added when the row is read (store-texts.ts). */
type Row = typeof blogPosts.$inferSelect & { storeOverrides?: BlogPostStoreTexts };

const AdminBlogPost = z
  .object({
    id: z.number().int(),
    identifier: z.string(),
    title: z.string(),
    excerpt: z.string(),
    content: z.string(),
    author: z.string(),
    publishedAt: Timestamp,
    featuredImageUrl: z.string().nullable(),
    tags: z.array(z.string()),
    isPublished: z.boolean(),
    storeOverrides: z
      .record(z.string(), z.record(z.string(), z.string().nullable()))
      .openapi({ description: 'Each other store view\'s own texts by store code (null: the record\'s own).' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('AdminBlogPost');

const view = (row: Row) => ({
  id: row.id,
  identifier: row.identifier,
  title: row.title,
  excerpt: row.excerpt,
  content: row.content,
  author: row.author,
  publishedAt: formatTimestamp(row.publishedAt),
  featuredImageUrl: row.featuredImageFile ? blogImageUrl(row.featuredImageFile) : null,
  tags: row.tags,
  isPublished: row.isPublished,
  storeOverrides: row.storeOverrides ?? {},
  createdAt: formatTimestamp(row.createdAt),
  updatedAt: formatTimestamp(row.updatedAt),
});

export const blogPostAdmin = documentAdmin<Row, z.infer<typeof BlogPostInput>>({
  table: blogPosts,
  noun: 'blog post',
  subject: 'blog_post',
  view,
  sorts: { id: blogPosts.id, title: blogPosts.title, identifier: blogPosts.identifier, updated: blogPosts.updatedAt, published: blogPosts.publishedAt },
  defaultSort: '-published',
  statuses: { published: eq(blogPosts.isPublished, true), draft: eq(blogPosts.isPublished, false) },
  dated: blogPosts.publishedAt,
  bulkSets: { publish: { isPublished: true }, unpublish: { isPublished: false } },
  toColumns: (input) => (input.publishedAt === undefined ? {} : { publishedAt: new Date(input.publishedAt) }),
  extras: documentStoreTexts<BlogPostTextField, Row>(blogPostTextKind),
  announce: (db, notifications, row, deleted) => notifications.publish(db, 'blog_post_saved', { postId: row.id, identifier: row.identifier, ...(deleted ? { deleted } : {}) }),
});

export const blogAdminRoutes = documentAdminRoutes<Row>({
  path: '/admin/blog-posts',
  noun: 'blog post',
  record: AdminBlogPost,
  input: BlogPostInput,
  patch: BlogPostPatch,
  service: blogPostAdmin,
});

/** Content → Blog posts in the admin. */
export const blogPostsAdminPages = documentPages<Row>({
  base: '/admin/blog-posts',
  noun: 'blog post',
  fields: [
    { name: 'title', label: 'Title', type: 'text' },
    { name: 'identifier', label: 'Identifier', type: 'text', help: 'The post\'s URL on the storefront: /blog/identifier.' },
    { name: 'excerpt', label: 'Excerpt', type: 'textarea' },
    { name: 'content', label: 'Content (HTML)', type: 'html', help: 'Sanitised on save.' },
    { name: 'author', label: 'Author', type: 'text' },
    { name: 'publishedAt', label: 'Publish date (UTC)', type: 'datetime', help: 'Blank: now.' },
    { name: 'tags', label: 'Tags', type: 'tags', help: 'Separated by commas.' },
    { name: 'isPublished', label: 'Published', type: 'checkbox' },
  ],
  storeFields: [
    { name: 'title', label: 'Title', type: 'text' },
    { name: 'excerpt', label: 'Excerpt', type: 'textarea' },
    { name: 'content', label: 'Content (HTML)', type: 'html', help: 'Sanitised on save.' },
  ],
  input: BlogPostInput,
  service: blogPostAdmin,
  keyLabel: 'Identifier',
  gridRow: (view) => ({ key: String(view.identifier), title: String(view.title), status: view.isPublished ? 'Published' : 'Draft', published: String(view.publishedAt) }),
  grid: {
    statuses: [
      ['published', 'Published'],
      ['draft', 'Draft'],
    ],
    actions: [
      ['publish', 'Publish', 'published'],
      ['unpublish', 'Unpublish', 'unpublished'],
      ['delete', 'Delete', 'deleted'],
    ],
    dateLabel: 'Publish date',
  },
  // The form's date is typed as "2026-03-01T09:30" (UTC), the record's reads "2026-03-01 09:30:00".
  preview: (values) => ({
    heading: String(values.title ?? ''),
    byline: [values.author, values.publishedAt ? `${String(values.publishedAt).replace('T', ' ').slice(0, 16)} UTC` : ''].filter(Boolean).join(' · '),
    html: String(values.content ?? ''),
  }),
});

/**
 * A blog post's texts in one store view (issue 17): its own title, excerpt and content, each
 * inheriting the post's own when the view has none (stores/store-texts.ts). The admin API takes them
 * as `storeOverrides.{code}`; the public list of a store view shows them.
 */
import { z } from '@hono/zod-openapi';
import { blogPostStoreTexts } from '../../platform/db/schema/index.ts';
import type { StoreTextKind, StoreTexts } from '../stores/store-texts.ts';

export type BlogPostTextField = 'title' | 'excerpt' | 'content';

export const blogPostTextKind: StoreTextKind<BlogPostTextField> = {
  table: blogPostStoreTexts,
  owner: 'postId',
  fields: ['title', 'excerpt', 'content'],
  html: ['content'],
};

const inherit = 'null or empty: the post\'s own.';

/** The bounds of the post's own fields (admin.ts), by store view code. */
export const BlogPostStoreOverrides = z
  .record(
    z.string().max(64),
    z
      .object({
        title: z.string().trim().max(255).nullable().openapi({ description: `The view's own title; ${inherit}` }),
        excerpt: z.string().trim().max(1000).nullable().openapi({ description: inherit }),
        content: z.string().max(500_000).nullable().openapi({ description: `HTML, sanitised on save; ${inherit}` }),
      })
      .partial()
      .strict(),
  )
  .openapi({ description: 'Per store view code (not the default view): its own title, excerpt and content.' });

export type BlogPostStoreTexts = Record<string, StoreTexts<BlogPostTextField>>;

/** A blog post: `/blog-posts` answers pages of them; the storefront keeps each under `{store}:blog:{identifier}`. */
import { z } from 'zod';
import { html, timestamp } from './fields.ts';

export const blogPostSchema = z
  .object({
    id: z.number().int(),
    identifier: z.string().min(1),
    title: z.string(),
    excerpt: z.string(),
    content: html,
    author: z.string(),
    publishedAt: timestamp,
    featuredImageUrl: z.string().nullable(),
    tags: z.array(z.string()),
    updatedAt: timestamp,
  })
  .meta({ id: 'BlogPost' });
export type BlogPost = z.infer<typeof blogPostSchema>;

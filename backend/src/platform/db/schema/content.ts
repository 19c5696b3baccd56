import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, instant, timestamps } from './columns.ts';

export const cmsPages = pgTable('cms_pages', {
  id: id(),
  identifier: text().notNull().unique(),
  title: text().notNull(),
  contentHeading: text().notNull().default(''),
  /** HTML authored by the merchant. */
  content: text().notNull(),
  metaTitle: text().notNull().default(''),
  metaDescription: text().notNull().default(''),
  isActive: boolean().notNull().default(true),
  ...timestamps(),
});

export const blogPosts = pgTable('blog_posts', {
  id: id(),
  identifier: text().notNull().unique(),
  title: text().notNull(),
  excerpt: text().notNull(),
  /** HTML authored by the merchant. */
  content: text().notNull(),
  author: text().notNull(),
  publishedAt: instant().notNull(),
  featuredImageFile: text(),
  tags: jsonb().$type<string[]>().notNull().default([]),
  isPublished: boolean().notNull().default(true),
  ...timestamps(),
});

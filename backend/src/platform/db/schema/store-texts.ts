import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { blogPosts, cmsPages } from './content.ts';
import { products } from './products.ts';
import { stores } from './stores.ts';

/*
 * A store view's own texts (issue 17): one row per record and store view that has any; a null
 * column inherits the record's own (default) value. One table per kind rather than one keyed by
 * kind, so each row has a real foreign key: deleting the product, page, post or store view takes
 * its texts with it, and no row can point at a record that is not there.
 */

export const productStoreTexts = pgTable(
  'product_store_texts',
  {
    productId: integer().notNull().references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer().notNull().references(() => stores.id, { onDelete: 'cascade' }),
    name: text(),
    /** HTML authored by the merchant, sanitised on save like the product's own. */
    shortDescription: text(),
    description: text(),
    metaTitle: text(),
    metaDescription: text(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.storeId] })],
);

export const cmsPageStoreTexts = pgTable(
  'cms_page_store_texts',
  {
    pageId: integer().notNull().references(() => cmsPages.id, { onDelete: 'cascade' }),
    storeId: integer().notNull().references(() => stores.id, { onDelete: 'cascade' }),
    title: text(),
    content: text(),
    metaTitle: text(),
    metaDescription: text(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.storeId] })],
);

export const blogPostStoreTexts = pgTable(
  'blog_post_store_texts',
  {
    postId: integer().notNull().references(() => blogPosts.id, { onDelete: 'cascade' }),
    storeId: integer().notNull().references(() => stores.id, { onDelete: 'cascade' }),
    title: text(),
    excerpt: text(),
    content: text(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.storeId] })],
);

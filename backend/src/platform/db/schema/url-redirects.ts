import { pgTable, text } from 'drizzle-orm/pg-core';
import { id, instant } from './columns.ts';

/**
 * Old storefront paths of products and categories whose URL changed (issue 17: a changed URL key
 * keeps a 301). `fromPath` and `toPath` have no leading slash, like `urlKey` and `urlPath`. Chains
 * are kept flat: when a path moves again, every redirect to it is pointed at the new one.
 */
export const urlRedirects = pgTable('url_redirects', {
  id: id(),
  fromPath: text().notNull().unique(),
  toPath: text().notNull(),
  /** `product` or `category`: the storefront syncs each kind's redirects with that kind. */
  entity: text({ enum: ['product', 'category'] }).notNull(),
  createdAt: instant().notNull(),
});

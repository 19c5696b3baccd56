import { boolean, index, integer, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

/** Category tree: level 1 nodes have no parent; urlPath is the slash-joined urlKeys from the top. */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** HTML authored by the merchant. */
    description: text().notNull().default(''),
    urlKey: text().notNull(),
    urlPath: text().notNull().unique(),
    level: integer().notNull(),
    position: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    includeInMenu: boolean().notNull().default(true),
    /** File name under /media/catalog/category/ (an upload's hash name, or the seeder's generated SVG). */
    imageFile: text(),
    /** The image's alternative text. */
    imageAlt: text().notNull().default(''),
    ...timestamps(),
  },
  (t) => [index().on(t.parentId)],
);

/**
 * Catalog → Categories in the admin: the tree as a grid in storefront order whose rows move among
 * their siblings (Move up/down; drag and drop with the admin script), and the category form, whose
 * edit page has the category's image section (image-section.ts) and a Delete form asking where its
 * products go (delete-form.ts).
 */
import { asc, count, eq, isNull } from 'drizzle-orm';
import { documentPages } from '../../../platform/content-admin/document-pages.ts';
import { categories } from '../../../platform/db/schema/index.ts';
import type { GridTree, TreePlace } from '../../../platform/content-admin/grid-tree.ts';
import { CategoryInput, categoryAdmin, categoryEtag } from './admin.ts';
import { categoryDeleteOptions } from './delete-form.ts';
import { categoryImageSection } from './image-section.ts';
import { moveCategory } from './move.ts';
import { siblingsOf } from './tree-order.ts';

type Row = typeof categories.$inferSelect;

const tree: GridTree = {
  async places(db) {
    const places = new Map<number, TreePlace>();
    for (const [parentId, siblings] of siblingsOf(await db.select().from(categories))) {
      for (const [index, row] of siblings.entries()) places.set(row.id, { parentId, index, siblings: siblings.length, etag: categoryEtag(row) });
    }
    return places;
  },
  async move(ctx, id, to, ifMatch) {
    const row = await moveCategory(ctx, id, to, ifMatch);
    const [parent] = row.parentId === null ? [] : await ctx.db.select({ urlPath: categories.urlPath }).from(categories).where(eq(categories.id, row.parentId));
    const [siblings] = await ctx.db.select({ n: count() }).from(categories).where(row.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, row.parentId));
    return `Moved /${row.urlPath}: number ${row.position + 1} of ${siblings?.n ?? 1} ${parent ? `in /${parent.urlPath}` : 'at the top level'}.`;
  },
};

export const categoryAdminPages = documentPages<Row>({
  base: '/admin/categories',
  noun: 'category',
  keyLabel: 'Path',
  fields: [
    { name: 'name', label: 'Name', type: 'text' },
    { name: 'urlKey', label: 'URL key', type: 'text', help: 'Its part of the storefront path; changing it keeps a 301 from the old path (and its subcategories\').' },
    {
      name: 'parentId',
      label: 'Parent category',
      type: 'select',
      help: '(none): a top-level category. Moving it moves its subcategories along.',
      options: async (db) => (await db.select({ id: categories.id, urlPath: categories.urlPath }).from(categories).orderBy(asc(categories.urlPath))).map((row) => ({ value: row.id, label: `/${row.urlPath}` })),
    },
    { name: 'position', label: 'Position among its siblings', type: 'number', help: 'Lower first.' },
    { name: 'description', label: 'Description (HTML)', type: 'html', help: 'Sanitised on save.' },
    { name: 'isActive', label: 'Active (a hidden category hides its subcategories too)', type: 'checkbox' },
    { name: 'includeInMenu', label: 'In the storefront menu', type: 'checkbox' },
    { name: 'imageAlt', label: 'Image alternative text', type: 'text', help: 'What its picture shows. The picture itself is uploaded, replaced or removed in the Image section below.' },
  ],
  input: CategoryInput,
  service: categoryAdmin as never,
  tree,
  extraSections: categoryImageSection,
  deleteOptions: categoryDeleteOptions,
  gridRow: (view) => ({ key: `/${String(view.urlPath)}`, title: String(view.name), status: `${view.isActive ? 'Active' : 'Inactive'}${view.includeInMenu ? ', in menu' : ''}${view.imageUrl ? ', with image' : ''}` }),
});

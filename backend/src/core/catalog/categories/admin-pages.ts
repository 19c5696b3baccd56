/** Catalog → Categories in the admin: the tree as a grid in path order, the category form, and each category's Image page. */
import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AdminEnv } from '../../admin/admin-env.ts';
import { documentPages } from '../../content-admin/document-pages.ts';
import { categories } from '../../db/schema/index.ts';
import { CategoryInput, categoryAdmin } from './admin.ts';
import { categoryImagePages } from './image-pages.ts';

type Row = typeof categories.$inferSelect;

const categoryForm = documentPages<Row>({
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
    { name: 'imageAlt', label: 'Image alternative text', type: 'text', help: 'What its picture shows. The picture is uploaded, replaced or removed on the category\'s Image page: this page\'s address followed by /image.' },
  ],
  input: CategoryInput,
  service: categoryAdmin as never,
  gridRow: (view) => ({ key: `/${String(view.urlPath)}`, title: String(view.name), status: `${view.isActive ? 'Active' : 'Inactive'}${view.includeInMenu ? ', in menu' : ''}${view.imageUrl ? ', with image' : ''}` }),
});

// The Image page's routes first: the form's would take "/{id}/image" for nothing.
export const categoryAdminPages = new Hono<AdminEnv>().route('/', categoryImagePages).route('/', categoryForm);

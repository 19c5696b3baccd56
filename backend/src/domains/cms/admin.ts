/**
 * CMS pages as the admin edits them (DECISIONS.md 42): the fields an editor sets, the record the
 * admin API answers, and `cms_page_saved` on every save and delete (the connector syncs on it); the
 * grid's status filter, sortable columns and bulk actions (activate, deactivate, delete); a preview.
 */
import { eq } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import { documentAdmin } from '../../platform/content-admin/document-admin.ts';
import { documentPages } from '../../platform/content-admin/document-pages.ts';
import { documentAdminRoutes } from '../../platform/content-admin/document-routes.ts';
import { cmsPages } from '../../platform/db/schema/index.ts';
import { Timestamp } from '../../platform/http/schemas.ts';
import { formatTimestamp } from '../../platform/time.ts';
import { documentStoreTexts } from '../stores/store-texts.ts';
import { CmsPageStoreOverrides, cmsPageTextKind, type CmsPageStoreTexts, type CmsPageTextField } from './store-texts.ts';
import { contentIdentifier } from '../../platform/content-admin/fields.ts';

const fields = {
  identifier: contentIdentifier('page'),
  title: z.string().trim().min(1).max(255),
  contentHeading: z.string().trim().max(255),
  content: z.string().max(500_000),
  metaTitle: z.string().trim().max(255),
  metaDescription: z.string().trim().max(1000),
  isActive: z.boolean(),
  storeOverrides: CmsPageStoreOverrides,
};

export const CmsPageInput = z
  .object({
    ...fields,
    contentHeading: fields.contentHeading.default(''),
    content: fields.content.default(''),
    metaTitle: fields.metaTitle.default(''),
    metaDescription: fields.metaDescription.default(''),
    isActive: fields.isActive.default(true),
    storeOverrides: fields.storeOverrides.optional(),
  })
  .strict()
  .openapi('CmsPageInput');
/** A PATCH: the fields sent, no defaults (an absent field stays as it is). */
export const CmsPagePatch = z.object(fields).partial().strict().openapi('CmsPagePatch');

/** `storeOverrides`: every other store view's own texts, added when the row is read (store-texts.ts). */
type Row = typeof cmsPages.$inferSelect & { storeOverrides?: CmsPageStoreTexts };

const AdminCmsPage = z
  .object({
    id: z.number().int(),
    identifier: z.string(),
    title: z.string(),
    contentHeading: z.string(),
    content: z.string(),
    metaTitle: z.string(),
    metaDescription: z.string(),
    isActive: z.boolean(),
    storeOverrides: z
      .record(z.string(), z.record(z.string(), z.string().nullable()))
      .openapi({ description: 'Each other store view\'s own texts by store code (null: the record\'s own).' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('AdminCmsPage');

const view = (row: Row) => ({
  id: row.id,
  identifier: row.identifier,
  title: row.title,
  contentHeading: row.contentHeading,
  content: row.content,
  metaTitle: row.metaTitle,
  metaDescription: row.metaDescription,
  isActive: row.isActive,
  storeOverrides: row.storeOverrides ?? {},
  createdAt: formatTimestamp(row.createdAt),
  updatedAt: formatTimestamp(row.updatedAt),
});

export const cmsPageAdmin = documentAdmin<Row, z.infer<typeof CmsPageInput>>({
  table: cmsPages,
  noun: 'CMS page',
  subject: 'cms_page',
  view,
  sorts: { id: cmsPages.id, title: cmsPages.title, identifier: cmsPages.identifier, updated: cmsPages.updatedAt },
  defaultSort: 'id',
  statuses: { active: eq(cmsPages.isActive, true), inactive: eq(cmsPages.isActive, false) },
  bulkSets: { activate: { isActive: true }, deactivate: { isActive: false } },
  extras: documentStoreTexts<CmsPageTextField, Row>(cmsPageTextKind),
  announce: (db, notifications, row, deleted) => notifications.publish(db, 'cms_page_saved', { pageId: row.id, identifier: row.identifier, ...(deleted ? { deleted } : {}) }),
});

export const cmsAdminRoutes = documentAdminRoutes<Row>({
  path: '/admin/cms-pages',
  noun: 'CMS page',
  record: AdminCmsPage,
  input: CmsPageInput,
  patch: CmsPagePatch,
  service: cmsPageAdmin,
});

/** Content → CMS pages in the admin. */
export const cmsPagesAdminPages = documentPages<Row>({
  base: '/admin/cms-pages',
  noun: 'CMS page',
  fields: [
    { name: 'title', label: 'Title', type: 'text' },
    { name: 'identifier', label: 'Identifier', type: 'text', help: 'The page\'s URL on the storefront: /identifier.' },
    { name: 'contentHeading', label: 'Content heading', type: 'text' },
    { name: 'content', label: 'Content (HTML)', type: 'html', snippets: true, help: 'Sanitised on save. A Custom Forms form: {{block type="customforms/form" form_code="contact"}}.' },
    { name: 'metaTitle', label: 'Meta title', type: 'text' },
    { name: 'metaDescription', label: 'Meta description', type: 'textarea' },
    { name: 'isActive', label: 'Active (shown on the storefront)', type: 'checkbox' },
  ],
  storeFields: [
    { name: 'title', label: 'Title', type: 'text' },
    { name: 'content', label: 'Content (HTML)', type: 'html', help: 'Sanitised on save.' },
    { name: 'metaTitle', label: 'Meta title', type: 'text' },
    { name: 'metaDescription', label: 'Meta description', type: 'textarea' },
  ],
  input: CmsPageInput,
  service: cmsPageAdmin,
  keyLabel: 'Identifier',
  gridRow: (view) => ({ key: String(view.identifier), title: String(view.title), status: view.isActive ? 'Active' : 'Inactive' }),
  grid: {
    statuses: [
      ['active', 'Active'],
      ['inactive', 'Inactive'],
    ],
    actions: [
      ['activate', 'Activate', 'activated'],
      ['deactivate', 'Deactivate', 'deactivated'],
      ['delete', 'Delete', 'deleted'],
    ],
  },
  preview: (values) => ({ heading: String(values.contentHeading || values.title || ''), html: String(values.content ?? '') }),
});

/** `/api/rest/v2/admin/categories…` (DECISIONS.md 42) on the category admin service. */
import { z } from '@hono/zod-openapi';
import { documentAdminRoutes } from '../../content-admin/document-routes.ts';
import { Timestamp } from '../../http/schemas.ts';
import { CategoryInput, CategoryPatch, categoryAdmin } from './admin.ts';

const AdminCategory = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    urlKey: z.string(),
    urlPath: z.string().openapi({ description: 'The storefront path without its leading slash: the URL keys from the top, joined by "/".' }),
    level: z.number().int(),
    position: z.number().int(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    isActive: z.boolean(),
    includeInMenu: z.boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('AdminCategory');

export const categoryAdminRoutes = documentAdminRoutes({
  path: '/admin/categories',
  noun: 'category',
  record: AdminCategory,
  input: CategoryInput,
  patch: CategoryPatch,
  service: categoryAdmin as never,
});

/** `POST` and `DELETE /api/rest/v2/admin/categories/{id}/image`: a category's picture (image.ts). Multipart, so apart from the JSON record routes. */
import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/resolve-caller.ts';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, jsonContent } from '../../../platform/http/schemas.ts';
import { imageUploadFields, imageUploadLimit } from '../../media/upload-route.ts';
import { adminCategoryView, categoryEtag } from './admin.ts';
import { AdminCategory } from './admin-record.ts';
import { removeCategoryImage, setCategoryImage } from './image.ts';

const security = [{ bearerAuth: [] }];
const params = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const headers = z.object({ 'if-match': z.string().max(200).optional().openapi({ description: 'The ETag the change is based on; a stale one is 412.' }) });
const errors = {
  401: jsonContent(ErrorSchema, 'No valid token'),
  403: jsonContent(ErrorSchema, 'Not an admin token'),
  404: jsonContent(ErrorSchema, 'No such category (or, on delete, it has no image)'),
  412: jsonContent(ErrorSchema, 'stale_version: If-Match is not the current ETag'),
};
const ImageUpload = z.object({
  ...imageUploadFields,
});

const setImage = createRoute({
  method: 'post',
  path: '/admin/categories/{id}/image',
  tags: ['Admin: content'],
  security,
  summary: 'Upload a category\'s image, replacing the one it had (the storefront syncs it)',
  middleware: [imageUploadLimit] as const,
  request: { params, headers, body: { content: { 'multipart/form-data': { schema: ImageUpload } }, required: true } },
  responses: { 200: jsonContent(AdminCategory, 'The category with its image'), 400: jsonContent(ErrorSchema, 'invalid_request naming the field: no file, not a readable image, too large'), ...errors },
});

const removeImage = createRoute({
  method: 'delete',
  path: '/admin/categories/{id}/image',
  tags: ['Admin: content'],
  security,
  summary: 'Remove a category\'s image',
  request: { params, headers },
  responses: { 200: jsonContent(AdminCategory, 'The category without an image'), ...errors },
});

export const categoryImageRoutes = createRouter<AppEnv>()
  .openapi(setImage, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { file, alt } = c.req.valid('form');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const row = await setCategoryImage({ db: c.var.db, notifications: c.var.notifications, actor }, c.req.valid('param').id, bytes, alt?.trim() ?? '', c.req.valid('header')['if-match']);
    return c.json(adminCategoryView(row) as never, 200, { ETag: categoryEtag(row) });
  })
  .openapi(removeImage, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const row = await removeCategoryImage({ db: c.var.db, notifications: c.var.notifications, actor }, c.req.valid('param').id, c.req.valid('header')['if-match']);
    return c.json(adminCategoryView(row) as never, 200, { ETag: categoryEtag(row) });
  });

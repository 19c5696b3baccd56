/** `POST /api/rest/v2/admin/categories/{id}/move`: a category to a parent and a place among its siblings (move.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/resolve-caller.ts';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, jsonBody, jsonContent } from '../../../platform/http/schemas.ts';
import { adminCategoryView, categoryEtag } from './admin.ts';
import { AdminCategory } from './admin-record.ts';
import { CategoryMove, moveCategory } from './move.ts';

const move = createRoute({
  method: 'post',
  path: '/admin/categories/{id}/move',
  tags: ['Admin: content'],
  security: [{ bearerAuth: [] }],
  summary: 'Move a category under a parent (null: the top) to a place among its siblings; both levels renumbered 0, 1, 2…',
  request: {
    params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    headers: z.object({ 'if-match': z.string().max(200).optional().openapi({ description: 'The ETag the move is based on; a stale one is 412.' }) }),
    body: jsonBody(CategoryMove),
  },
  responses: {
    200: jsonContent(AdminCategory, 'The category where it now is, with its ETag'),
    400: jsonContent(ErrorSchema, 'invalid_request naming the field (parentId: no such category, or itself or one of its subcategories)'),
    401: jsonContent(ErrorSchema, 'No valid token'),
    403: jsonContent(ErrorSchema, 'Not an admin token'),
    404: jsonContent(ErrorSchema, 'No such category'),
    409: jsonContent(ErrorSchema, 'url_taken: its new path (or a subcategory\'s) belongs to another category or a product'),
    412: jsonContent(ErrorSchema, 'stale_version: If-Match is not the current ETag; nothing changed'),
  },
});

export const categoryMoveRoutes = createRouter<AppEnv>().openapi(move, async (c) => {
  const actor = requireAdmin(c.var.caller);
  const row = await moveCategory({ db: c.var.db, notifications: c.var.notifications, actor }, c.req.valid('param').id, c.req.valid('json'), c.req.valid('header')['if-match']);
  return c.json(adminCategoryView(row) as never, 200, { ETag: categoryEtag(row) });
});

import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../auth/resolve-caller.ts';
import type { AppEnv } from '../http/context.ts';
import { createRouter } from '../http/router.ts';
import { ErrorSchema, jsonBody, jsonContent, PagingQuery, Timestamp } from '../http/schemas.ts';
import { adminCmsView, CmsPageInput, CmsPagePatch, cmsEtag, createCmsPage, deleteCmsPage, getAdminCmsPage, listAdminCmsPages, updateCmsPage } from './admin-service.ts';

const tags = ['Admin: content'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: jsonContent(ErrorSchema, 'invalid_request naming the field'),
  401: jsonContent(ErrorSchema, 'No valid token'),
  403: jsonContent(ErrorSchema, 'Not an admin token'),
};
const notFound = { 404: jsonContent(ErrorSchema, 'No such page') };
const stale = { 412: jsonContent(ErrorSchema, 'stale_version: the If-Match ETag is not the page\'s current one; nothing changed') };
const params = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const ifMatch = z.object({ 'if-match': z.string().max(200).optional().openapi({ description: 'The ETag the editor loaded; a stale one answers 412.' }) });

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
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('AdminCmsPage');

const list = createRoute({
  method: 'get',
  path: '/admin/cms-pages',
  tags,
  security,
  summary: 'CMS pages, active or not, by id',
  request: { query: PagingQuery.extend({ search: z.string().trim().max(200).optional(), identifier: z.string().trim().max(128).optional() }) },
  responses: { 200: jsonContent(z.object({ member: z.array(AdminCmsPage), totalItems: z.number().int(), page: z.number().int(), itemsPerPage: z.number().int() }), 'A page of CMS pages'), ...errors },
});
const create = createRoute({
  method: 'post',
  path: '/admin/cms-pages',
  tags,
  security,
  summary: 'Create a CMS page (content sanitised; the storefront syncs it)',
  request: { body: jsonBody(CmsPageInput.openapi('CmsPageInput')) },
  responses: { 201: jsonContent(AdminCmsPage, 'The page, with ETag and Location'), 409: jsonContent(ErrorSchema, 'identifier_taken'), ...errors },
});
const read = createRoute({ method: 'get', path: '/admin/cms-pages/{id}', tags, security, summary: 'One CMS page, with its ETag', request: { params }, responses: { 200: jsonContent(AdminCmsPage, 'The page'), ...errors, ...notFound } });
const patch = createRoute({
  method: 'patch',
  path: '/admin/cms-pages/{id}',
  tags,
  security,
  summary: 'Change the fields sent (If-Match: a stale ETag changes nothing)',
  request: { params, headers: ifMatch, body: jsonBody(CmsPagePatch.openapi('CmsPagePatch')) },
  responses: { 200: jsonContent(AdminCmsPage, 'The page'), 409: jsonContent(ErrorSchema, 'identifier_taken'), ...errors, ...notFound, ...stale },
});
const remove = createRoute({
  method: 'delete',
  path: '/admin/cms-pages/{id}',
  tags,
  security,
  summary: 'Delete a CMS page (If-Match honoured); the storefront drops it with its next sync',
  request: { params, headers: ifMatch },
  responses: { 204: { description: 'Deleted' }, ...errors, ...notFound, ...stale },
});

/** `/api/rest/v2/admin/cms-pages…` (DECISIONS.md 42): what an editor does, audited and synced on save. */
export const cmsAdminRoutes = createRouter<AppEnv>()
  .openapi(list, async (c) => {
    requireAdmin(c.var.caller);
    const { search, identifier, ...paging } = c.req.valid('query');
    return c.json(await listAdminCmsPages(c.var.db, { search, identifier }, paging), 200, { 'Cache-Control': 'no-store' });
  })
  .openapi(create, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const row = await createCmsPage({ db: c.var.db, notifications: c.var.notifications, actor }, c.req.valid('json'));
    return c.json(adminCmsView(row), 201, { ETag: cmsEtag(row), Location: `/api/rest/v2/admin/cms-pages/${row.id}` });
  })
  .openapi(read, async (c) => {
    requireAdmin(c.var.caller);
    const row = await getAdminCmsPage(c.var.db, c.req.valid('param').id);
    return c.json(adminCmsView(row), 200, { ETag: cmsEtag(row), 'Cache-Control': 'no-store' });
  })
  .openapi(patch, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const row = await updateCmsPage({ db: c.var.db, notifications: c.var.notifications, actor }, c.req.valid('param').id, c.req.valid('json'), c.req.valid('header')['if-match']);
    return c.json(adminCmsView(row), 200, { ETag: cmsEtag(row) });
  })
  .openapi(remove, async (c) => {
    const actor = requireAdmin(c.var.caller);
    await deleteCmsPage({ db: c.var.db, notifications: c.var.notifications, actor }, c.req.valid('param').id, c.req.valid('header')['if-match']);
    return c.body(null, 204);
  });

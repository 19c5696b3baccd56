/**
 * `/api/rest/v2/admin/{cms-pages|blog-posts|categories}…` (DECISIONS.md 42): the admin REST API of
 * a record kind, on its service (document-admin.ts builds the content documents'). Lists answer `{member, totalItems, page,
 * itemsPerPage}`; each record carries its `ETag`; `POST` answers 201 with `Location`.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../auth/resolve-caller.ts';
import type { AppEnv } from '../http/context.ts';
import { createRouter } from '../http/router.ts';
import { ErrorSchema, jsonBody, jsonContent, PagingQuery } from '../http/schemas.ts';
import type { Db } from '../db/database.ts';
import type { AdminWriteContext } from './write-context.ts';

/** The list filters of DECISIONS.md 42; each kind reads those that apply to it. */
export interface ListFilter {
  search?: string;
  identifier?: string;
  sku?: string;
  urlKey?: string;
  /** One of the kind's `listing.statuses`. */
  status?: string;
  /** One of the kind's `listing.sorts`, `-` before it for descending. */
  sort?: string;
  /** Calendar days (`2026-03-01`), both included: a post's publish date. */
  publishedFrom?: string;
  publishedTo?: string;
}

/** What a kind's list offers beyond search (CMS pages and posts; the grid and the API read it). */
export interface Listing {
  statuses: string[];
  sorts: string[];
  /** The sort when none is asked for. */
  defaultSort: string;
  /** Filters by publish date (`publishedFrom`, `publishedTo`). */
  dated: boolean;
  /** Bulk actions on chosen records (`delete` among them). */
  actions: string[];
}

/** A list's `sort` values: each column, ascending or (`-`) descending. */
export const sortValues = (listing: Listing): [string, ...string[]] => listing.sorts.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];

/** What the routes call: a content document kind (document-admin.ts) or another record the admin edits alike (categories). */
export interface AdminService<Row extends { id: number }> {
  etag(row: Row): string;
  view(row: Row): Record<string, unknown>;
  list(db: Db, filter: ListFilter, paging: { page: number; itemsPerPage: number }): Promise<{ member: Record<string, unknown>[]; totalItems: number }>;
  get(db: Db, id: number): Promise<Row>;
  create(ctx: AdminWriteContext, input: never): Promise<Row>;
  update(ctx: AdminWriteContext, id: number, patch: never, ifMatch?: string): Promise<Row>;
  /** `options`: the delete's query as the spec's `remove.query` parsed it (a category's `reassignTo`), for kinds that have one. */
  remove(ctx: AdminWriteContext, id: number, ifMatch?: string, options?: never): Promise<void>;
  listing?: Listing;
  /** Applies `action` (one of `listing.actions`) to the records of `ids` that exist; answers how many. */
  bulk?(ctx: AdminWriteContext, action: string, ids: number[]): Promise<number>;
}

export interface DocumentRoutesSpec<Row extends { id: number }> {
  /** `/admin/cms-pages` */
  path: string;
  /** "CMS page" */
  noun: string;
  /** The answer's schema, registered under its OpenAPI name. */
  record: z.ZodObject;
  input: z.ZodType;
  patch: z.ZodType;
  service: AdminService<Row>;
  /** What a delete takes in its query (a category: where its products go), handed to `service.remove`; with what its 409 means. */
  remove?: { query: z.ZodObject; conflict: string };
  /** The kind's own list filters and sort (products: admin-product-filters.ts), in place of `listing`'s, handed to `service.list` with the others; `summary` says what they are. */
  list?: { query: z.ZodObject; summary: string };
}

const tags = ['Admin: content'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: jsonContent(ErrorSchema, 'invalid_request naming the field'),
  401: jsonContent(ErrorSchema, 'No valid token'),
  403: jsonContent(ErrorSchema, 'Not an admin token'),
};
const params = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const ifMatch = z.object({ 'if-match': z.string().max(200).optional().openapi({ description: 'The ETag the editor loaded; a stale one answers 412.' }) });

/** The list's filters a kind's `listing` offers: a value it does not offer is 400 naming the parameter. */
function listingQuery(listing: Listing) {
  const day = (description: string) => z.iso.date().optional().openapi({ description, example: '2026-03-01' });
  return {
    status: z.enum(listing.statuses as [string, ...string[]]).optional().openapi({ description: 'Only records with this status.' }),
    sort: z
      .enum(sortValues(listing))
      .optional()
      .openapi({ description: `The column to sort by; "-" before it: descending. Ties go by id. Default: ${listing.defaultSort}.` }),
    ...(listing.dated ? { publishedFrom: day('Published on this day (UTC) or later.'), publishedTo: day('Published on this day (UTC) or earlier.') } : {}),
  };
}

export function documentAdminRoutes<Row extends { id: number }>(spec: DocumentRoutesSpec<Row>) {
  const { path, noun, record, service } = spec;
  const notFound = { 404: jsonContent(ErrorSchema, `No such ${noun}`) };
  const stale = { 412: jsonContent(ErrorSchema, `stale_version: the If-Match ETag is not the ${noun}'s current one; nothing changed`) };
  const taken = { 409: jsonContent(ErrorSchema, 'identifier_taken or url_taken: another record answers there; has_subcategories: delete or move them first') };
  const list = createRoute({
    method: 'get',
    path,
    tags,
    security,
    summary: spec.list?.summary ?? `${noun}s (search: title, name, identifier or path${service.listing ? '; status, sort and publish dates where the kind has them' : ''})`,
    request: {
      query: PagingQuery.extend({
        search: z.string().trim().max(200).optional(),
        identifier: z.string().trim().max(128).optional(),
        sku: z.string().trim().max(64).optional(),
        urlKey: z.string().trim().max(128).optional(),
        ...(service.listing ? listingQuery(service.listing) : {}),
        ...spec.list?.query.shape,
      }),
    },
    responses: { 200: jsonContent(z.object({ member: z.array(record), totalItems: z.number().int(), page: z.number().int(), itemsPerPage: z.number().int() }), `A page of ${noun}s`), ...errors },
  });
  const create = createRoute({
    method: 'post',
    path,
    tags,
    security,
    summary: `Create a ${noun} (content sanitised; the storefront syncs it)`,
    request: { body: jsonBody(spec.input) },
    responses: { 201: jsonContent(record, `The ${noun}, with ETag and Location`), ...taken, ...errors },
  });
  const read = createRoute({ method: 'get', path: `${path}/{id}`, tags, security, summary: `One ${noun}, with its ETag`, request: { params }, responses: { 200: jsonContent(record, `The ${noun}`), ...errors, ...notFound } });
  const patch = createRoute({
    method: 'patch',
    path: `${path}/{id}`,
    tags,
    security,
    summary: 'Change the fields sent (If-Match: a stale ETag changes nothing)',
    request: { params, headers: ifMatch, body: jsonBody(spec.patch) },
    responses: { 200: jsonContent(record, `The ${noun}`), ...taken, ...errors, ...notFound, ...stale },
  });
  const remove = createRoute({
    method: 'delete',
    path: `${path}/{id}`,
    tags,
    security,
    summary: `Delete a ${noun} (If-Match honoured); the storefront drops it with its next sync`,
    request: { params, headers: ifMatch, query: spec.remove?.query ?? z.object({}) },
    responses: { 204: { description: 'Deleted' }, ...errors, ...notFound, ...stale, ...(spec.remove ? { 409: jsonContent(ErrorSchema, spec.remove.conflict) } : {}) },
  });

  return createRouter<AppEnv>()
    .openapi(list, async (c) => {
      requireAdmin(c.var.caller);
      const { page, itemsPerPage, ...filter } = c.req.valid('query') as ListFilter & { page: number; itemsPerPage: number };
      return c.json((await service.list(c.var.db, filter, { page, itemsPerPage })) as never, 200, { 'Cache-Control': 'no-store' });
    })
    .openapi(create, async (c) => {
      const actor = requireAdmin(c.var.caller);
      const row = await service.create({ db: c.var.db, notifications: c.var.notifications, actor }, c.req.valid('json') as never);
      return c.json(service.view(row) as never, 201, { ETag: service.etag(row), Location: `/api/rest/v2${path}/${row.id}` });
    })
    .openapi(read, async (c) => {
      requireAdmin(c.var.caller);
      const row = await service.get(c.var.db, c.req.valid('param').id);
      return c.json(service.view(row) as never, 200, { ETag: service.etag(row), 'Cache-Control': 'no-store' });
    })
    .openapi(patch, async (c) => {
      const actor = requireAdmin(c.var.caller);
      const row = await service.update({ db: c.var.db, notifications: c.var.notifications, actor }, c.req.valid('param').id, c.req.valid('json') as never, c.req.valid('header')['if-match']);
      return c.json(service.view(row) as never, 200, { ETag: service.etag(row) });
    })
    .openapi(remove, async (c) => {
      const actor = requireAdmin(c.var.caller);
      await service.remove({ db: c.var.db, notifications: c.var.notifications, actor }, c.req.valid('param').id, c.req.valid('header')['if-match'], c.req.valid('query') as never);
      return c.body(null, 204);
    });
}

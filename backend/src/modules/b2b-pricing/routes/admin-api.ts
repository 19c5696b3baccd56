import { createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, jsonContent } from '../../../platform/http/schemas.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import { companyEtag, createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from '../companies.ts';
import type { PricingConfig } from '../config.ts';
import { listGroupAssignments, replaceGroupAssignment } from '../group-assignments.ts';
import { createPriceList, deletePriceList, getPriceList, listPriceLists, priceListEtag, updatePriceList } from '../price-lists.ts';
import { paymentTermsAdminApi } from './payment-terms-api.ts';
import { CompanyInput, CompanyPatch, CompanyView, GroupAssignment, IfMatch, ListQuery, PriceListInput, PriceListPatch, PriceListSummary, PriceListView, RecordId } from './wire.ts';

const contextOf = moduleContext<PricingConfig>('b2b-pricing');
const base = '/api/rest/v2/admin/b2b-pricing';
const tags = ['B2B Pricing'];
const security = [{ bearerAuth: [] }];
const noStore = { 'Cache-Control': 'no-store' };
const errors = {
  400: jsonContent(ErrorSchema, 'invalid_request, with details naming each field (e.g. items.3.tiers.0.price, priceListIds.1)'),
  401: jsonContent(ErrorSchema, 'No admin token'),
  403: jsonContent(ErrorSchema, 'Not an admin token'),
};
const params = z.object({ id: RecordId });
const json = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const page = <T extends z.ZodType>(member: T, name: string) =>
  z.object({ member: z.array(member), totalItems: z.number().int(), page: z.number().int(), itemsPerPage: z.number().int() }).openapi(name);

/** GET list, POST, GET/PATCH/DELETE by id of one resource, as DECISIONS.md 42 has them. */
function resourceRoutes(path: string, noun: string, schemas: { input: z.ZodType; patch: z.ZodType; view: z.ZodType; summary: z.ZodType; page: string }, conflicts: string) {
  const notFound = { 404: jsonContent(ErrorSchema, `No ${noun} with this id`) };
  const stale = { 412: jsonContent(ErrorSchema, `stale_version: the If-Match ETag is not the ${noun}'s current one; nothing changed`) };
  const conflict = { 409: jsonContent(ErrorSchema, conflicts) };
  return {
    list: createRoute({ method: 'get', path, tags, security, summary: `${noun}s, a page at a time`, request: { query: ListQuery }, responses: { 200: jsonContent(page(schemas.summary, schemas.page), 'A page'), ...errors } }),
    create: createRoute({
      method: 'post',
      path,
      tags,
      security,
      summary: `Create a ${noun} (one transaction: all of it or nothing)`,
      request: { body: json(schemas.input) },
      responses: { 201: jsonContent(schemas.view, `The ${noun}, with ETag and Location`), ...errors, ...conflict },
    }),
    read: createRoute({ method: 'get', path: `${path}/{id}`, tags, security, summary: `One ${noun}, with its ETag`, request: { params }, responses: { 200: jsonContent(schemas.view, `The ${noun}`), ...errors, ...notFound } }),
    patch: createRoute({
      method: 'patch',
      path: `${path}/{id}`,
      tags,
      security,
      summary: 'Change the fields sent (If-Match: a stale ETag changes nothing); audited',
      request: { params, headers: IfMatch, body: json(schemas.patch) },
      responses: { 200: jsonContent(schemas.view, `The ${noun}`), ...errors, ...notFound, ...conflict, ...stale },
    }),
    remove: createRoute({
      method: 'delete',
      path: `${path}/{id}`,
      tags,
      security,
      summary: `Delete a ${noun} (If-Match honoured); audited`,
      request: { params, headers: IfMatch },
      responses: { 204: { description: 'Deleted' }, ...errors, ...notFound, ...conflict, ...stale },
    }),
  };
}

const companies = resourceRoutes('/companies', 'company', { input: CompanyInput, patch: CompanyPatch, view: CompanyView, summary: CompanyView, page: 'B2bPricingCompanyList' }, 'buyer_taken: a buyer already buys for another company (named in details); open_purchase_orders: a company that still owes is not deleted');
const priceLists = resourceRoutes(
  '/price-lists',
  'price list',
  { input: PriceListInput, patch: PriceListPatch, view: PriceListView, summary: PriceListSummary, page: 'B2bPricingPriceListList' },
  'code_taken: another list has the code',
);

const listAssignments = createRoute({
  method: 'get',
  path: '/group-assignments',
  tags,
  security,
  summary: 'Every customer group\'s price lists, in the order they apply',
  responses: { 200: jsonContent(z.object({ member: z.array(GroupAssignment) }).openapi('B2bPricingGroupAssignments'), 'Groups with lists'), ...errors },
});
const replaceAssignment = createRoute({
  method: 'put',
  path: '/group-assignments',
  tags,
  security,
  summary: 'Replace one customer group\'s price lists (empty: none); audited',
  request: { body: json(GroupAssignment) },
  responses: { 200: jsonContent(GroupAssignment, 'The group\'s lists'), ...errors },
});

/** `/api/rest/v2/admin/b2b-pricing/…` (the core checks the admin token); every change is audited by its service. */
export const pricingAdminApi = createRouter<AppEnv>()
  .openapi(companies.list, async (c) => c.json(await listCompanies(contextOf(c), c.req.valid('query')), 200, noStore))
  .openapi(companies.create, async (c) => {
    const view = await createCompany(contextOf(c), c.req.valid('json') as CompanyInput);
    return c.json(view, 201, { ...noStore, ETag: companyEtag(view), Location: `${base}/companies/${view.id}` });
  })
  .openapi(companies.read, async (c) => {
    const view = await getCompany(contextOf(c), c.req.valid('param').id);
    return c.json(view, 200, { ...noStore, ETag: companyEtag(view) });
  })
  .openapi(companies.patch, async (c) => {
    const view = await updateCompany(contextOf(c), c.req.valid('param').id, c.req.valid('json') as CompanyPatch, c.req.valid('header')['if-match']);
    return c.json(view, 200, { ...noStore, ETag: companyEtag(view) });
  })
  .openapi(companies.remove, async (c) => {
    await deleteCompany(contextOf(c), c.req.valid('param').id, c.req.valid('header')['if-match']);
    return c.body(null, 204);
  })
  .openapi(priceLists.list, async (c) => c.json(await listPriceLists(contextOf(c), c.req.valid('query')), 200, noStore))
  .openapi(priceLists.create, async (c) => {
    const view = await createPriceList(contextOf(c), c.req.valid('json') as PriceListInput);
    return c.json(view, 201, { ...noStore, ETag: priceListEtag(view), Location: `${base}/price-lists/${view.id}` });
  })
  .openapi(priceLists.read, async (c) => {
    const view = await getPriceList(contextOf(c), c.req.valid('param').id);
    return c.json(view, 200, { ...noStore, ETag: priceListEtag(view) });
  })
  .openapi(priceLists.patch, async (c) => {
    const view = await updatePriceList(contextOf(c), c.req.valid('param').id, c.req.valid('json') as PriceListPatch, c.req.valid('header')['if-match']);
    return c.json(view, 200, { ...noStore, ETag: priceListEtag(view) });
  })
  .openapi(priceLists.remove, async (c) => {
    await deletePriceList(contextOf(c), c.req.valid('param').id, c.req.valid('header')['if-match']);
    return c.body(null, 204);
  })
  .openapi(listAssignments, async (c) => c.json({ member: await listGroupAssignments(contextOf(c)) }, 200, noStore))
  .openapi(replaceAssignment, async (c) => c.json(await replaceGroupAssignment(contextOf(c), c.req.valid('json')), 200, noStore))
  .route('/', paymentTermsAdminApi);

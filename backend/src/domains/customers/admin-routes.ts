import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { requireAdmin } from '../../platform/auth/resolve-caller.ts';
import { csvResponseHeaders } from '../../platform/csv.ts';
import { customers } from '../../platform/db/schema/index.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { ErrorSchema, PagingQuery, collectionOf, errorResponses, jsonBody, jsonContent } from '../../platform/http/schemas.ts';
import { findStoreView, requestedStoreCode, storeHeader } from '../stores/store-view.ts';
import { adminCustomerQuery, adminCustomerView, changeCustomerAsAdmin, createCustomerAsAdmin, customerTag, readAdminCustomer, type AdminEditContext } from './admin-edits.ts';
import { approvalStatuses, type ApprovalStatus } from './approval.ts';
import { exportCustomersCsv, CUSTOMER_CSV_COLUMNS } from './csv-export.ts';
import { AdminCustomerCreateSchema, AdminCustomerPatchSchema, CustomerSchema } from './schemas.ts';
import { changeCustomerStatus } from './status.ts';

/**
 * The admin API of accounts and their approval status (DECISIONS.md 25, 37, 42, 45): the list filtered
 * by status, create, read and change (ETag / If-Match like the content admin API), and the three
 * decisions. The status is core; the decisions run `customer.statusChanging`, in which the loaded
 * modules add their emails and their own work (a trade application completed).
 */
const AdminCustomerSchema = CustomerSchema.extend({
  isApproved: z.boolean().openapi({ description: 'approvalStatus is active' }),
}).openapi('AdminCustomer');

const ListQuery = PagingQuery.extend({
  approvalStatus: z.enum(approvalStatuses).optional().openapi({ description: 'Only accounts in this status' }),
  search: z.string().trim().min(1).max(100).optional().openapi({ description: 'Part of the email or last name' }),
});

const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ param: { name: 'id', in: 'path' }, example: 12 }) });

const adminErrors = {
  400: errorResponses[400],
  401: jsonContent(ErrorSchema, 'No valid token'),
  403: jsonContent(ErrorSchema, 'Not an admin token, or a module refused the change'),
};
const security = [{ bearerAuth: [] }];
const noStore = { 'Cache-Control': 'no-store' };

const listRoute = createRoute({
  method: 'get',
  path: '/admin/customers',
  tags: ['Admin'],
  summary: 'Customer accounts, oldest first, optionally by approval status',
  security,
  request: { query: ListQuery },
  responses: { 200: jsonContent(collectionOf(AdminCustomerSchema, 'AdminCustomers'), 'One page of accounts'), ...adminErrors },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/admin/customers/export',
  tags: ['Admin'],
  summary: `Every account as CSV, oldest first (${CUSTOMER_CSV_COLUMNS.join(', ')}; UTF-8 with BOM, formulas neutralised)`,
  security,
  responses: { 200: { description: 'The CSV, as Customers → Export CSV downloads it', content: { 'text/csv': { schema: z.string() } } }, ...adminErrors },
});

/** The three decisions and the status each leads to (DECISIONS.md 19: a rejected account can be approved or set back to pending). */
const decisions = { approve: 'active', decline: 'rejected', 'set-pending': 'pending' } as const satisfies Record<string, ApprovalStatus>;

function decisionRoute(action: keyof typeof decisions) {
  return createRoute({
    method: 'post',
    path: `/admin/customers/{id}/${action}`,
    tags: ['Admin'],
    summary: `Set the account ${decisions[action]} (runs customer.statusChanging; audited)`,
    description: 'Idempotent: deciding what the account already is records the decision again and lets modules finish their pending work (a trade application).',
    security,
    request: { params: IdParam },
    responses: {
      200: jsonContent(AdminCustomerSchema.extend({ previousStatus: z.enum(approvalStatuses), changed: z.boolean() }).openapi('CustomerDecision'), 'The account after the decision'),
      ...adminErrors,
      404: errorResponses[404],
    },
  });
}

const IfMatch = z.object({ 'if-match': z.string().max(200).optional().openapi({ description: 'The ETag you loaded; a stale one answers 412 and changes nothing.' }) });
const StoreCodeHeader = z.object({ [storeHeader]: z.string().max(64).optional().openapi({ description: 'The store view whose name and address the set-password and email-change mails use.' }) });
const notFound = { 404: jsonContent(ErrorSchema, 'customer_not_found, or store_not_found for an unknown X-Store-Code') };
const taken = { 409: jsonContent(ErrorSchema, 'email_taken: another account has this email') };
const stale = { 412: jsonContent(ErrorSchema, "stale_version: the If-Match ETag is not the account's current one; nothing changed") };

const createRouteDef = createRoute({
  method: 'post',
  path: '/admin/customers',
  tags: ['Admin'],
  summary: 'Create an account (with a password, or email a set-password link); audited',
  security,
  request: { headers: StoreCodeHeader, body: jsonBody(AdminCustomerCreateSchema) },
  responses: { 201: jsonContent(AdminCustomerSchema, 'The account, with ETag and Location'), ...adminErrors, 404: jsonContent(ErrorSchema, 'store_not_found: no store view has the X-Store-Code sent'), ...taken },
});

const readRoute = createRoute({
  method: 'get',
  path: '/admin/customers/{id}',
  tags: ['Admin'],
  summary: 'One account, with its ETag',
  security,
  request: { params: IdParam },
  responses: { 200: jsonContent(AdminCustomerSchema, 'The account'), ...adminErrors, 404: jsonContent(ErrorSchema, 'customer_not_found') },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/admin/customers/{id}',
  tags: ['Admin'],
  summary: 'Change the group, names, email or status sent (If-Match: a stale ETag changes nothing); audited',
  security,
  request: { params: IdParam, headers: IfMatch.extend(StoreCodeHeader.shape), body: jsonBody(AdminCustomerPatchSchema) },
  responses: { 200: jsonContent(AdminCustomerSchema, 'The account after the change'), ...adminErrors, ...notFound, ...taken, ...stale },
});

async function editContext(c: Context<AppEnv>, actor: AdminEditContext['actor']): Promise<AdminEditContext> {
  const store = await findStoreView(c.var.db, requestedStoreCode(c.req.header(storeHeader), undefined));
  return { db: c.var.db, hooks: c.var.hooks, mailer: c.var.mailer, store, actor };
}

const router = createRouter<AppEnv>()
  .openapi(exportRoute, async (c) => {
    requireAdmin(c.var.caller);
    return c.body(await exportCustomersCsv(c.var.db), 200, csvResponseHeaders('customers.csv'));
  })
  .openapi(listRoute, async (c) => {
    requireAdmin(c.var.caller);
    const { approvalStatus, search, page, itemsPerPage } = c.req.valid('query');
    const filters: (SQL | undefined)[] = [
      approvalStatus ? eq(customers.approvalStatus, approvalStatus) : undefined,
      search ? or(ilike(customers.email, `%${search}%`), ilike(customers.lastName, `%${search}%`)) : undefined,
    ];
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      adminCustomerQuery(c.var.db)
        .where(where)
        .orderBy(asc(customers.id))
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage),
      c.var.db.select({ n: count() }).from(customers).where(where),
    ]);
    return c.json({ member: rows.map(adminCustomerView), totalItems: total?.n ?? 0, page, itemsPerPage }, 200, noStore);
  })
  .openapi(createRouteDef, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const customer = await createCustomerAsAdmin(await editContext(c, actor), c.req.valid('json'));
    return c.json(customer, 201, { ...noStore, ETag: customerTag(customer), Location: `/api/rest/v2/admin/customers/${customer.id}` });
  })
  .openapi(readRoute, async (c) => {
    requireAdmin(c.var.caller);
    const customer = await readAdminCustomer(c.var.db, c.req.valid('param').id);
    return c.json(customer, 200, { ...noStore, ETag: customerTag(customer) });
  })
  .openapi(patchRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const customer = await changeCustomerAsAdmin(await editContext(c, actor), c.req.valid('param').id, c.req.valid('json'), c.req.valid('header')['if-match']);
    return c.json(customer, 200, { ...noStore, ETag: customerTag(customer) });
  });

for (const action of Object.keys(decisions) as (keyof typeof decisions)[]) {
  router.openapi(decisionRoute(action), async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { id } = c.req.valid('param');
    const result = await changeCustomerStatus(c.var.db, c.var.hooks, { customerId: id, to: decisions[action], actor });
    return c.json({ ...(await readAdminCustomer(c.var.db, id)), previousStatus: result.from, changed: result.changed }, 200, noStore);
  });
}

export const customerAdminRoutes = router;

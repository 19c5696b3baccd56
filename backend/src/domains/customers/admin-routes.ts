import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { requireAdmin } from '../../platform/auth/resolve-caller.ts';
import { csvResponseHeaders } from '../../platform/csv.ts';
import { customerGroups, customers } from '../../platform/db/schema/index.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { ErrorSchema, PagingQuery, collectionOf, errorResponses, jsonContent } from '../../platform/http/schemas.ts';
import { formatTimestamp } from '../../platform/time.ts';
import { approvalStatuses, type ApprovalStatus } from './approval.ts';
import { exportCustomersCsv, CUSTOMER_CSV_COLUMNS } from './csv-export.ts';
import { CustomerSchema } from './schemas.ts';
import { changeCustomerStatus } from './status.ts';

/**
 * The admin API of accounts and their approval status (DECISIONS.md 37, 45): the list filtered by
 * status, and the three decisions. The status is core; the decisions run `customer.statusChanging`, in
 * which the loaded modules add their emails and their own work (a trade application completed).
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

function customerOut(row: { customer: typeof customers.$inferSelect; groupCode: string }) {
  const { customer } = row;
  return {
    id: customer.id,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    groupId: customer.groupId,
    groupCode: row.groupCode,
    approvalStatus: customer.approvalStatus,
    isApproved: customer.approvalStatus === 'active',
    createdAt: formatTimestamp(customer.createdAt),
    updatedAt: formatTimestamp(customer.updatedAt),
  };
}

const withGroup = { customer: customers, groupCode: customerGroups.code };

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
      c.var.db
        .select(withGroup)
        .from(customers)
        .innerJoin(customerGroups, eq(customerGroups.id, customers.groupId))
        .where(where)
        .orderBy(asc(customers.id))
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage),
      c.var.db.select({ n: count() }).from(customers).where(where),
    ]);
    return c.json({ member: rows.map(customerOut), totalItems: total?.n ?? 0, page, itemsPerPage }, 200, noStore);
  });

for (const action of Object.keys(decisions) as (keyof typeof decisions)[]) {
  router.openapi(decisionRoute(action), async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { id } = c.req.valid('param');
    const result = await changeCustomerStatus(c.var.db, c.var.hooks, { customerId: id, to: decisions[action], actor });
    const [row] = await c.var.db.select(withGroup).from(customers).innerJoin(customerGroups, eq(customerGroups.id, customers.groupId)).where(eq(customers.id, id));
    if (!row) return c.json({ error: 'customer_not_found', message: 'The account no longer exists.' }, 404);
    return c.json({ ...customerOut(row), previousStatus: result.from, changed: result.changed }, 200, noStore);
  });
}

export const customerAdminRoutes = router;

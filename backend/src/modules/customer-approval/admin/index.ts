import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { renderPage } from '../../../platform/admin/page.ts';
import { pager } from '../../../platform/admin/pager.ts';
import { approvalStatuses } from '../../../domains/customers/approval.ts';
import { customers } from '../../../platform/db/schema/index.ts';
import type { CustomerPanel, DashboardCard, GridAction, GridColumn } from '../../../platform/modules/define-module.ts';
import type { ApprovalConfig } from '../config.ts';
import { decide } from './decide.ts';
import { approvalSection, decisions } from './history.ts';

const pageSize = 50;
const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const StatusFilter = z.enum([...approvalStatuses, 'all']).catch('pending');

export const approvalNav = [{ title: 'Account approvals', path: '/customer-approval', section: 'Customers' }];

export const approvalGridColumns: GridColumn<ApprovalConfig>[] = [
  {
    grid: 'customers',
    title: 'Approval',
    async cells(rowIds, ctx) {
      if (rowIds.length === 0) return new Map();
      const rows = await ctx.db.select({ id: customers.id, status: customers.approvalStatus }).from(customers).where(inArray(customers.id, [...rowIds]));
      // Cells are text (the grid escapes them); the status and its history open from Customers → Account approvals.
      return new Map(rows.map((row) => [row.id, row.status]));
    },
  },
];

export const approvalGridActions: GridAction[] = decisions.map(({ path, label, to }) => ({ grid: 'customers', label, path, appliesTo: (row) => row.approvalStatus !== to }));

/** The customer's admin page: the approval status, the decisions and the history. */
export const approvalPanel: CustomerPanel<ApprovalConfig>[] = [
  {
    title: 'Approval',
    async render(customerId, ctx, page) {
      return (await approvalSection(ctx.db, customerId, { csrfToken: page.csrfToken, returnTo: `/admin/customers/${customerId}` })) ?? html``;
    },
  },
];

export const pendingCard: DashboardCard<ApprovalConfig> = {
  title: 'Accounts awaiting approval',
  href: '/customer-approval?status=pending',
  async value(ctx) {
    const [row] = await ctx.db.select({ n: count() }).from(customers).where(eq(customers.approvalStatus, 'pending'));
    const n = row?.n ?? 0;
    return n === 1 ? '1 account waiting' : `${n} accounts waiting`;
  },
};

export const approvalAdmin = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const status = StatusFilter.parse(c.req.query('status'));
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const where = and(status === 'all' ? undefined : eq(customers.approvalStatus, status), q ? or(ilike(customers.email, `%${q}%`), ilike(customers.lastName, `%${q}%`)) : undefined);
    const [rows, [total]] = await Promise.all([
      c.var.db.select().from(customers).where(where).orderBy(desc(customers.id)).limit(pageSize).offset((page - 1) * pageSize),
      c.var.db.select({ n: count() }).from(customers).where(where),
    ]);
    const pages = Math.max(1, Math.ceil((total?.n ?? 0) / pageSize));
    const returnTo = `/admin/customer-approval?status=${status}`;
    return renderPage(
      c,
      'Account approvals',
      html`<form method="get">
          <label>Status <select name="status">${[...approvalStatuses, 'all'].map((s) => html`<option value="${s}" ${s === status ? 'selected' : ''}>${s}</option>`)}</select></label>
          <input name="q" value="${q}" placeholder="Email or last name" aria-label="Search accounts" /> <button>Filter</button>
        </form>
        <p class="muted">${total?.n ?? 0} accounts · page ${page} of ${pages} · newest first</p>
        <form method="post" id="bulk">
          ${csrfField(c.var.csrfToken)}<input type="hidden" name="returnTo" value="${returnTo}" />
          <table>
            <tr><th></th><th>Email</th><th>Name</th><th>Status</th><th>Registered</th></tr>
            ${rows.map(
              (row) =>
                html`<tr><td><input type="checkbox" name="ids" value="${row.id}" aria-label="Select ${row.email}" /></td><td><a href="/admin/customer-approval/customers/${row.id}">${row.email}</a></td><td>${row.firstName} ${row.lastName}</td><td>${row.approvalStatus}</td><td>${row.createdAt.toISOString().slice(0, 16).replace('T', ' ')}</td></tr>`,
            )}
          </table>
          <p>With the selected accounts: ${decisions.map((d) => html`<button formaction="/admin/customer-approval${d.path}">${d.label}</button> `)}</p>
        </form>
        ${pager(page, pages, { status, q })}`,
    );
  })
  .get('/customers/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const [customer] = await c.var.db.select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName }).from(customers).where(eq(customers.id, id.data));
    const section = await approvalSection(c.var.db, id.data, { csrfToken: c.var.csrfToken, returnTo: `/admin/customer-approval/customers/${id.data}` });
    if (!customer || !section) return c.notFound();
    return renderPage(c, `Approval: ${customer.email}`, html`<p>${customer.firstName} ${customer.lastName} · <a href="/admin/customers/${id.data}">customer page</a></p>${section}`);
  })
  .post('/approve', decide('active'))
  .post('/decline', decide('rejected'))
  .post('/set-pending', decide('pending'));

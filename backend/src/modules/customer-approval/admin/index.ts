import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { renderPage } from '../../../platform/admin/page.ts';
import { pager } from '../../../platform/admin/pager.ts';
import { approvalStatuses } from '../../../domains/customers/approval.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import type { CustomerPanel, DashboardCard, GridAction, GridColumn } from '../../../platform/modules/define-module.ts';
import type { ApprovalConfig } from '../config.ts';
import { decide } from './decide.ts';
import { approvalSection, decisions } from './history.ts';

const pageSize = 50;
const contextOf = moduleContext<ApprovalConfig>('customer-approval');
const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const StatusFilter = z.enum([...approvalStatuses, 'all']).catch('pending');

export const approvalNav = [{ title: 'Account approvals', path: '/customer-approval', section: 'Customers' }];

export const approvalGridColumns: GridColumn<ApprovalConfig>[] = [
  {
    grid: 'customers',
    title: 'Approval',
    async cells(rowIds, ctx) {
      const rows = await ctx.customers.byIds(rowIds);
      // Cells are text (the grid escapes them); the status and its history open from Customers → Account approvals.
      return new Map(rows.map((row) => [row.id, row.approvalStatus]));
    },
  },
];

export const approvalGridActions: GridAction[] = decisions.map(({ path, label, to, danger }) => ({ grid: 'customers', label, path, danger, appliesTo: (row) => row.approvalStatus !== to }));

/** The customer's admin page: the approval status, the decisions and the history. */
export const approvalPanel: CustomerPanel<ApprovalConfig>[] = [
  {
    title: 'Approval',
    async render(customerId, ctx, page) {
      return (await approvalSection(ctx, customerId, { csrfToken: page.csrfToken, returnTo: `/admin/customers/${customerId}` })) ?? html``;
    },
  },
];

export const pendingCard: DashboardCard<ApprovalConfig> = {
  title: 'Accounts awaiting approval',
  href: '/customer-approval?status=pending',
  async value(ctx) {
    const n = await ctx.customers.countWithStatus('pending');
    return n === 1 ? '1 account waiting' : `${n} accounts waiting`;
  },
};

export const approvalAdmin = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const status = StatusFilter.parse(c.req.query('status'));
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const { rows, total } = await contextOf(c).customers.page({ status: status === 'all' ? undefined : status, search: q || undefined }, { page, pageSize });
    const pages = Math.max(1, Math.ceil(total / pageSize));
    const returnTo = `/admin/customer-approval?status=${status}`;
    return renderPage(
      c,
      'Account approvals',
      html`<form method="get">
          <label>Status <select name="status">${[...approvalStatuses, 'all'].map((s) => html`<option value="${s}" ${s === status ? 'selected' : ''}>${s}</option>`)}</select></label>
          <input name="q" value="${q}" placeholder="Email or last name" aria-label="Search accounts" /> <button>Filter</button>
        </form>
        <p class="muted">${total} accounts · page ${page} of ${pages} · newest first</p>
        <form method="post" id="bulk">
          ${csrfField(c.var.csrfToken)}<input type="hidden" name="returnTo" value="${returnTo}" />
          <table>
            <tr><th></th><th>Email</th><th>Name</th><th>Status</th><th>Registered</th></tr>
            ${rows.map(
              (row) =>
                html`<tr><td><input type="checkbox" name="ids" value="${row.id}" aria-label="Select ${row.email}" /></td><td><a href="/admin/customer-approval/customers/${row.id}">${row.email}</a></td><td>${row.firstName} ${row.lastName}</td><td>${row.approvalStatus}</td><td>${row.createdAt.toISOString().slice(0, 16).replace('T', ' ')}</td></tr>`,
            )}
          </table>
          <p>With the selected accounts: ${decisions.map((d) => html`<button formaction="/admin/customer-approval${d.path}" class="${d.danger ? 'danger' : ''}">${d.label}</button> `)}</p>
        </form>
        ${pager(page, pages, { status, q })}`,
    );
  })
  .get('/customers/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const ctx = contextOf(c);
    const customer = await ctx.customers.byId(id.data);
    const section = await approvalSection(ctx, id.data, { csrfToken: c.var.csrfToken, returnTo: `/admin/customer-approval/customers/${id.data}` });
    if (!customer || !section) return c.notFound();
    return renderPage(c, `Approval: ${customer.email}`, html`<p>${customer.firstName} ${customer.lastName} · <a href="/admin/customers/${id.data}">customer page</a></p>${section}`);
  })
  .post('/approve', decide('active'))
  .post('/decline', decide('rejected'))
  .post('/set-pending', decide('pending'));

import { asc, count, eq, ilike, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { customerGroups, customers } from '../../db/schema/index.ts';
import { changeCustomerGroup } from '../../customers/service.ts';
import { csvResponseHeaders, spreadsheetCsv } from '../../csv.ts';
import type { AdminEnv } from '../admin-env.ts';
import { gridExtensions, rowActions } from '../grid-extensions.ts';
import { csrfField } from '../layout.ts';
import { formFields, renderPage } from '../page.ts';
import { pager } from '../pager.ts';

const pageSize = 50;
const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const GroupForm = z.object({ groupId: z.coerce.number().int().min(1).max(2_147_483_647) });

const CUSTOMER_COLUMNS = ['email', 'first_name', 'last_name', 'group', 'approval_status', 'created_utc'];

export const customerPages = new Hono<AdminEnv>()
  .get('/export.csv', async (c) => {
    const rows = await c.var.db
      .select({ customer: customers, group: customerGroups.code })
      .from(customers)
      .innerJoin(customerGroups, eq(customerGroups.id, customers.groupId))
      .orderBy(asc(customers.id));
    const records = rows.map(({ customer, group }) => [
      customer.email,
      customer.firstName,
      customer.lastName,
      group,
      customer.approvalStatus,
      customer.createdAt.toISOString().slice(0, 19).replace('T', ' '),
    ]);
    return c.body(spreadsheetCsv(CUSTOMER_COLUMNS, records), 200, csvResponseHeaders('customers.csv'));
  })
  .get('/', async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const where = q ? or(ilike(customers.email, `%${q}%`), ilike(customers.lastName, `%${q}%`)) : undefined;
    const [rows, [total]] = await Promise.all([
      c.var.db
        .select({ customer: customers, group: customerGroups.code })
        .from(customers)
        .innerJoin(customerGroups, eq(customerGroups.id, customers.groupId))
        .where(where)
        .orderBy(asc(customers.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      c.var.db.select({ n: count() }).from(customers).where(where),
    ]);
    const { columns, actions } = await gridExtensions(c, 'customers', rows.map((row) => row.customer.id));
    const pages = Math.max(1, Math.ceil((total?.n ?? 0) / pageSize));
    return renderPage(
      c,
      'Customers',
      html`<p><a href="/admin/customers/export.csv">Export CSV</a></p>
        <form method="get"><input name="q" value="${q}" placeholder="Email or last name" aria-label="Search customers" /> <button>Search</button></form>
        <p class="muted">${total?.n ?? 0} customers · page ${page} of ${pages}</p>
        <table>
          <tr><th>Email</th><th>Name</th><th>Group</th>${columns.map((column) => html`<th>${column.title}</th>`)}${actions.length ? html`<th></th>` : ''}</tr>
          ${rows.map(
            ({ customer, group }) =>
              html`<tr><td><a href="/admin/customers/${customer.id}">${customer.email}</a></td><td>${customer.firstName} ${customer.lastName}</td><td>${group}</td>${columns.map(
                (column) => html`<td>${column.cells.get(customer.id) ?? ''}</td>`,
              )}${actions.length ? html`<td>${rowActions(c, actions, customer)}</td>` : ''}</tr>`,
          )}
        </table>
        ${pager(page, pages, { q })}`,
    );
  })
  .get('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const [[customer], groups] = await Promise.all([
      c.var.db.select().from(customers).where(eq(customers.id, id.data)),
      // Group 0 is NOT LOGGED IN: it stands for guests and is never assigned to an account.
      c.var.db.select().from(customerGroups).orderBy(asc(customerGroups.id)),
    ]);
    if (!customer) return c.notFound();
    // Sections the loaded modules add (approval history, trade applications), each under its title.
    const platform = c.var.modules;
    const panels = await Promise.all(
      platform.modules.flatMap((module) =>
        (module.admin?.customerPanels ?? []).map(async (panel) => html`<h2>${panel.title}</h2>${await panel.render(customer.id, platform.context(module.id, {}), { csrfToken: c.var.csrfToken })}`),
      ),
    );
    return renderPage(
      c,
      customer.email,
      html`<p>${customer.firstName} ${customer.lastName} · account ${customer.approvalStatus}</p>
        <form method="post" action="/admin/customers/${customer.id}">
          ${csrfField(c.var.csrfToken)}
          <label
            >Customer group
            <select name="groupId">
              ${groups
                .filter((g) => g.id !== 0)
                .map((g) => html`<option value="${g.id}" ${g.id === customer.groupId ? 'selected' : ''}>${g.code}</option>`)}
            </select></label
          >
          <button type="submit">Save</button>
        </form>
        <p class="muted">The group applies to the customer's next API call: tokens never carry it.</p>
        ${panels}`,
    );
  })
  .post('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const form = GroupForm.safeParse(await formFields(c));
    if (!id.success || !form.success) return c.text('Invalid customer or group.', 400);
    const [group] = await c.var.db.select().from(customerGroups).where(eq(customerGroups.id, form.data.groupId));
    if (!group || group.id === 0) return c.text('Unknown customer group.', 400);
    await changeCustomerGroup(c.var.db, { customerId: id.data, groupId: group.id, actor: c.var.admin });
    return c.redirect(`/admin/customers/${id.data}?flash=saved`, 303);
  });

import { and, asc, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { approvalStatuses, customerGroups, customers } from '../../platform/db/schema/index.ts';
import { changeCustomerGroup } from './service.ts';
import { csvResponseHeaders } from '../../platform/csv.ts';
import { exportCustomersCsv } from './csv-export.ts';
import type { AdminEnv } from '../../platform/admin/admin-env.ts';
import { gridExtensions, rowActions } from '../../platform/admin/grid-extensions.ts';
import { control, options, wrappedField } from '../../platform/admin/fields.ts';
import { csrfField } from '../../platform/admin/layout.ts';
import { formFields, renderPage } from '../../platform/admin/page.ts';
import { gridQuery, option, PageSize, pageSizes, sortHeader } from '../../platform/admin/grid-query.ts';
import { pager } from '../../platform/admin/pager.ts';

/** Customers: search (email or name), group, approval status, sort and page size. */
const CustomerFilters = z.object({
  q: z.string().trim().max(100).catch(''),
  group: z.coerce.number().int().min(1).max(2_147_483_647).or(z.literal('')).catch(''),
  approval: z.enum(approvalStatuses).or(z.literal('')).catch(''),
  sort: z.enum(['email', '-email', 'name', '-name', 'created', '-created']).catch('-created'),
  size: PageSize,
  page: z.coerce.number().int().min(1).catch(1),
});
type CustomerFilters = z.infer<typeof CustomerFilters>;
const customerDefaults: Partial<CustomerFilters> = { sort: '-created', size: 50, page: 1 };
const customerSortColumns = { email: customers.email, name: customers.lastName, created: customers.createdAt };
const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const GroupForm = z.object({ groupId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const customerPages = new Hono<AdminEnv>()
  .get('/export.csv', async (c) => c.body(await exportCustomersCsv(c.var.db), 200, csvResponseHeaders('customers.csv')))
  .get('/', async (c) => {
    const filters = CustomerFilters.parse(c.req.query());
    const like = `%${filters.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const where = and(
      filters.q ? or(ilike(customers.email, like), ilike(customers.lastName, like), ilike(customers.firstName, like)) : undefined,
      filters.group === '' ? undefined : eq(customers.groupId, filters.group),
      filters.approval ? eq(customers.approvalStatus, filters.approval) : undefined,
    );
    const column = customerSortColumns[filters.sort.replace('-', '') as keyof typeof customerSortColumns];
    const [rows, [total], groups] = await Promise.all([
      c.var.db
        .select({ customer: customers, group: customerGroups.code })
        .from(customers)
        .innerJoin(customerGroups, eq(customerGroups.id, customers.groupId))
        .where(where)
        .orderBy(filters.sort.startsWith('-') ? desc(column) : asc(column), asc(customers.id))
        .limit(filters.size)
        .offset((filters.page - 1) * filters.size),
      c.var.db.select({ n: count() }).from(customers).where(where),
      // Group 0 is NOT LOGGED IN: it stands for guests and holds no account.
      c.var.db.select().from(customerGroups).where(ne(customerGroups.id, 0)).orderBy(asc(customerGroups.id)),
    ]);
    const { columns, actions } = await gridExtensions(c, 'customers', rows.map((row) => row.customer.id));
    const pages = Math.max(1, Math.ceil((total?.n ?? 0) / filters.size));
    const link = (change: Partial<CustomerFilters>) => gridQuery(filters, customerDefaults, change);
    const sortLink = (key: keyof typeof customerSortColumns, label: string) => sortHeader(filters.sort, key, label, (sort) => link({ sort: sort as CustomerFilters['sort'], page: 1 }));
    return renderPage(
      c,
      'Customers',
      html`<p><a href="/admin/customers/export.csv">Export CSV</a></p>
        <form method="get" class="filters">
          <input name="q" value="${filters.q}" placeholder="Email or name" aria-label="Search customers" />
          <label>Group <select name="group">${option('', 'Any', filters.group)}${groups.map((group) => option(String(group.id), group.code, filters.group))}</select></label>
          <label>Approval <select name="approval">${option('', 'Any', filters.approval)}${approvalStatuses.map((status) => option(status, status, filters.approval))}</select></label>
          <label>Per page <select name="size">${pageSizes.map((size) => option(String(size), String(size), filters.size))}</select></label>
          <input type="hidden" name="sort" value="${filters.sort}" />
          <button>Search</button>
        </form>
        <p class="muted">${total?.n ?? 0} customers · page ${filters.page} of ${pages}</p>
        <div class="table-scroll"><table>
          <tr>${sortLink('email', 'Email')}${sortLink('name', 'Name')}<th>Group</th>${sortLink('created', 'Since')}${columns.map((column) => html`<th>${column.title}</th>`)}${actions.length ? html`<th></th>` : ''}</tr>
          ${rows.map(
            ({ customer, group }) =>
              html`<tr><td><a href="/admin/customers/${customer.id}">${customer.email}</a></td><td>${customer.firstName} ${customer.lastName}</td><td>${group}</td><td>${customer.createdAt.toISOString().slice(0, 10)}</td>${columns.map(
                (column) => html`<td>${column.cells.get(customer.id) ?? ''}</td>`,
              )}${actions.length ? html`<td>${rowActions(c, actions, customer)}</td>` : ''}</tr>`,
          )}
        </table></div>
        ${pager(filters.page, pages, link({}))}`,
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
          ${wrappedField(
            'Customer group',
            control('select', { name: 'groupId' }, options(groups.filter((g) => g.id !== 0).map((g) => ({ value: g.id, label: g.code })), customer.groupId)),
          )}
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

import { and, asc, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { approvalStatuses, customerGroups, customers } from '../../platform/db/schema/index.ts';
import { csvResponseHeaders } from '../../platform/csv.ts';
import { exportCustomersCsv } from './csv-export.ts';
import type { AdminEnv } from '../../platform/admin/admin-env.ts';
import { gridExtensions } from '../../platform/admin/grid-extensions.ts';
import { dataGrid, type DataGridSpec } from '../../platform/admin/data-grid.ts';
import { selectField, textField, type Choice } from '../../platform/admin/fields.ts';
import { parseForm } from '../../platform/admin/form-input.ts';
import { AppError, refusedFields } from '../../platform/errors.ts';
import { findStoreView } from '../stores/store-view.ts';
import { changeCustomerAsAdmin, customerTag, readAdminCustomer, type AdminCustomerView } from './admin-edits.ts';
import { AdminCustomerPatchSchema } from './schemas.ts';
import { csrfField } from '../../platform/admin/layout.ts';
import { formFields, renderPage } from '../../platform/admin/page.ts';
import { PageSize } from '../../platform/admin/grid-query.ts';

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

type CustomerRow = { customer: typeof customers.$inferSelect; group: string };

/** The grid's columns and filters (the groups' choices as they are now); the email links to the account. */
const customerGrid = (groups: Choice[]): DataGridSpec<CustomerRow> => ({
  plural: 'customers',
  searchPlaceholder: 'Email or name',
  links: [{ href: '/admin/customers/export.csv', label: 'Export CSV' }],
  filters: [
    { name: 'group', label: 'Group', choices: groups },
    { name: 'approval', label: 'Approval', choices: approvalStatuses.map((status) => ({ value: status, label: status })) },
  ],
  columns: [
    { label: 'Email', sort: 'email', cell: ({ customer }) => html`<a href="/admin/customers/${customer.id}">${customer.email}</a>` },
    { label: 'Name', sort: 'name', cell: ({ customer }) => `${customer.firstName} ${customer.lastName}` },
    { label: 'Group', cell: ({ group }) => group },
    { label: 'Since', sort: 'created', cell: ({ customer }) => customer.createdAt.toISOString().slice(0, 10) },
  ],
});

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
    const added = await gridExtensions(c, 'customers', rows.map((row) => row.customer.id));
    const grid = customerGrid(groups.map((group) => ({ value: group.id, label: group.code })));
    return renderPage(
      c,
      'Customers',
      dataGrid(c, grid, { state: filters, defaults: customerDefaults, rows, total: total?.n ?? 0, extensions: { added, rowOf: (row) => row.customer } }),
    );
  })
  .get('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const customer = await readAdminCustomer(c.var.db, id.data).catch(notFoundAsUndefined);
    if (!customer) return c.notFound();
    return customerPage(c, customer, { etag: customerTag(customer) });
  })
  .post('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const customer = await readAdminCustomer(c.var.db, id.data).catch(notFoundAsUndefined);
    if (!customer) return c.notFound();
    const raw = await formFields(c);
    const typed = { etag: raw._etag ?? '', values: raw };
    const parsed = parseForm(CustomerForm, raw);
    if ('errors' in parsed) return customerPage(c, customer, { ...typed, errors: parsed.errors }, 400);
    try {
      // The REST API's PATCH service: one write path, one audit trail, the same If-Match check.
      const store = await findStoreView(c.var.db, undefined);
      await changeCustomerAsAdmin({ db: c.var.db, hooks: c.var.hooks, mailer: c.var.mailer, store, actor: c.var.admin }, customer.id, parsed.data, raw._etag || undefined);
    } catch (error) {
      const status = error instanceof AppError ? refusalStatus[error.kind as keyof typeof refusalStatus] : undefined;
      if (!(error instanceof AppError) || !status) throw error;
      const errors = refusedFields(error);
      return customerPage(c, customer, { ...typed, errors, message: Object.keys(errors).length ? undefined : error.message }, status);
    }
    return c.redirect(`/admin/customers/${customer.id}?flash=saved`, 303);
  });

/** The page's form edits what the API's PATCH does except the status, which the approval actions change (with their emails). */
const CustomerForm = AdminCustomerPatchSchema.omit({ approvalStatus: true });
/** The service's refusals the form shows (a taken email, an unknown group, a stale version); anything else is the error handler's. */
const refusalStatus = { invalid: 400, conflict: 409, precondition_failed: 412 } as const;
const notFoundAsUndefined = (error: unknown) => {
  if (error instanceof AppError && error.kind === 'not_found') return undefined;
  throw error;
};

interface FormState {
  etag: string;
  /** What was posted, shown again beside the messages of a refused save. */
  values?: Record<string, string>;
  errors?: Record<string, string>;
  message?: string;
}

async function customerPage(c: Context<AdminEnv>, customer: AdminCustomerView, state: FormState, status: 200 | 400 | 409 | 412 = 200) {
  // Group 0 is NOT LOGGED IN: it stands for guests and is never assigned to an account.
  const groups = await c.var.db.select().from(customerGroups).where(ne(customerGroups.id, 0)).orderBy(asc(customerGroups.id));
  // Sections the loaded modules add (approval history, trade applications), each under its title.
  const platform = c.var.modules;
  const panels = await Promise.all(
    platform.modules.flatMap((module) =>
      (module.admin?.customerPanels ?? []).map(async (panel) => html`<h2>${panel.title}</h2>${await panel.render(customer.id, platform.context(module.id, {}), { csrfToken: c.var.csrfToken })}`),
    ),
  );
  const value = (name: 'email' | 'firstName' | 'lastName' | 'groupId') => state.values?.[name] ?? String(customer[name]);
  const text = (name: 'email' | 'firstName' | 'lastName', label: string, type = 'text') =>
    html`<p>${textField({ name, id: `customer-${name}`, label, type, value: value(name), error: state.errors?.[name] })}</p>`;
  return renderPage(
    c,
    customer.email,
    html`<p>${customer.firstName} ${customer.lastName} · account ${customer.approvalStatus}</p>
      <form method="post" action="/admin/customers/${customer.id}">
        ${csrfField(c.var.csrfToken)}<input type="hidden" name="_etag" value="${state.etag}" />
        ${text('firstName', 'First name')} ${text('lastName', 'Last name')}
        ${text('email', 'Email', 'email')}
        <p class="muted">A new email is the customer's sign-in from now on: the old address is told, and their open sessions end.</p>
        <p>${selectField({ name: 'groupId', id: 'customer-groupId', label: 'Customer group', value: value('groupId'), choices: groups.map((g) => ({ value: g.id, label: g.code })), error: state.errors?.groupId, help: "The group applies to the customer's next API call: tokens never carry it." })}</p>
        <button type="submit">Save</button>
      </form>
      ${panels}`,
    { status, error: state.message },
  );
}

import { asc, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { formFields, renderPage } from '../../../platform/admin/page.ts';
import { pager } from '../../../platform/admin/pager.ts';
import { parseForm } from '../../../platform/admin/form-input.ts';
import { auditHistoryTable } from '../../../platform/audit/history-table.ts';
import { AppError } from '../../../platform/errors.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import type { CustomerPanel, DashboardCard, GridColumn } from '../../../platform/modules/define-module.ts';
import type { RegistrationConfig } from '../config.ts';
import { findApplication, listApplications, type ApplicationView } from '../service/applications.ts';
import { decideApplication } from '../service/decide.ts';
import { DecisionBody } from '../routes/admin-api.ts';
import { applicationStatuses, b2bRegistrationApplications } from '../tables.ts';

const contextOf = moduleContext<RegistrationConfig>('b2b-registration');
const pageSize = 50;
const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const StatusFilter = z.enum([...applicationStatuses, 'all']).catch('pending');
/** The decision form: the API's body (a note), and which of its two buttons was pressed. */
const DecisionForm = DecisionBody.extend({ decision: z.enum(['approve', 'decline']) });

export const registrationNav = [
  { title: 'Trade applications', path: '/b2b-registration', section: 'Customers' },
  { title: 'Trade registration settings', path: '/b2b-registration/config', section: 'Customers' },
];

/** The customers grid's column: the account's latest trade application, if any. */
export const applicationColumn: GridColumn<RegistrationConfig>[] = [
  {
    grid: 'customers',
    title: 'Trade application',
    async cells(rowIds, ctx) {
      if (rowIds.length === 0) return new Map();
      const rows = await ctx.db
        .select({ id: b2bRegistrationApplications.id, customerId: b2bRegistrationApplications.customerId, status: b2bRegistrationApplications.status })
        .from(b2bRegistrationApplications)
        .where(inArray(b2bRegistrationApplications.customerId, [...rowIds]))
        .orderBy(asc(b2bRegistrationApplications.id));
      // Later rows overwrite earlier ones: the newest application speaks for the account.
      return new Map(rows.map((row) => [row.customerId, `#${row.id} ${row.status}`]));
    },
  },
];

export const applicationsCard: DashboardCard<RegistrationConfig> = {
  title: 'Trade applications waiting',
  href: '/b2b-registration?status=pending',
  async value(ctx) {
    const { totalItems } = await listApplications(ctx, { status: 'pending' }, { page: 1, itemsPerPage: 1 });
    return totalItems === 1 ? '1 application' : `${totalItems} applications`;
  },
};

/** The applicant's answers under the form's labels, as the submissions list shows them (the key only for an application from before labels were kept). */
function payloadTable(application: ApplicationView) {
  return html`<table>
    ${Object.entries(application.payload).map(([key, value]) => html`<tr><th scope="row">${application.fieldLabels[key] ?? key}</th><td>${value === null ? '' : String(value)}</td></tr>`)}
  </table>`;
}

/** The customer's admin page: their trade applications with what was submitted (DECISIONS.md 39). */
export const applicationsPanel: CustomerPanel<RegistrationConfig>[] = [
  {
    title: 'Trade applications',
    async render(customerId, ctx) {
      const { member } = await listApplications(ctx, { customerId }, { page: 1, itemsPerPage: 20 });
      if (member.length === 0) return html`<p class="muted">None.</p>`;
      return html`${member.map(
        (a) =>
          html`<h3><a href="/admin/b2b-registration/applications/${a.id}">Application #${a.id}</a>: ${a.status}</h3>
            <p class="muted">Form ${a.formCode} · received ${a.createdAt}${a.decidedAt ? html` · decided ${a.decidedAt} by ${a.decidedBy}` : ''}${a.note ? html` · note: ${a.note}` : ''}</p>
            ${payloadTable(a)}`,
      )}`;
    },
  },
];

export const registrationAdmin = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const status = StatusFilter.parse(c.req.query('status'));
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const list = await listApplications(contextOf(c), { status: status === 'all' ? undefined : status, search: q || undefined }, { page, itemsPerPage: pageSize });
    const pages = Math.max(1, Math.ceil(list.totalItems / pageSize));
    return renderPage(
      c,
      'Trade applications',
      html`<form method="get">
          <label>Status <select name="status">${[...applicationStatuses, 'all'].map((s) => html`<option value="${s}" ${s === status ? 'selected' : ''}>${s}</option>`)}</select></label>
          <input name="q" value="${q}" placeholder="Email or last name" aria-label="Search applications" /> <button>Filter</button>
        </form>
        <p class="muted">${list.totalItems} applications · page ${page} of ${pages} · newest first</p>
        <table>
          <tr><th>#</th><th>Applicant</th><th>Company</th><th>Form</th><th>Status</th><th>Received</th></tr>
          ${list.member.map(
            (a) =>
              html`<tr><td><a href="/admin/b2b-registration/applications/${a.id}">${a.id}</a></td><td><a href="/admin/b2b-registration/applications/${a.id}">${a.customerEmail}</a></td><td>${a.attributes.company ?? ''}</td><td>${a.formCode}</td><td>${a.status}</td><td>${a.createdAt}</td></tr>`,
          )}
        </table>
        ${pager(page, pages, { status, q })}`,
    );
  })
  .get('/applications/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const application = await findApplication(contextOf(c), id.data);
    if (!application) return c.notFound();
    const history = await contextOf(c).audit.about(`customer:${application.customerId}`, { newest: 50 });
    const decisionForms =
      application.status === 'pending'
        ? html`<form method="post" action="/admin/b2b-registration/applications/${application.id}/decide">
            ${csrfField(c.var.csrfToken)}
            <label>Note (optional; quoted in the email and kept in the audit log) <textarea name="note" rows="2" maxlength="2000"></textarea></label>
            <button name="decision" value="approve">Approve</button> <button name="decision" value="decline">Decline</button>
          </form>`
        : html`<p>Decided ${application.decidedAt} by ${application.decidedBy}${application.note ? html` · note: ${application.note}` : ''}</p>`;
    return renderPage(
      c,
      `Trade application #${application.id}`,
      html`<p>Status <strong>${application.status}</strong> · form ${application.formCode} · submission ${application.submissionId} · store ${application.storeCode} · received ${application.createdAt}</p>
        <p>Applicant: <a href="/admin/customers/${application.customerId}">${application.customerEmail}</a> (account ${application.customerApprovalStatus}, ${application.createdCustomer ? 'created by this application' : 'existing account'})</p>
        ${decisionForms}
        <h2>Submission</h2>
        ${payloadTable(application)}
        <h2>History of the account</h2>
        ${auditHistoryTable(history)}`,
    );
  })
  .post('/applications/:id/decide', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const form = parseForm(DecisionForm, await formFields(c));
    if (!id.success || !form.data) return c.text('Invalid application or decision.', 400);
    try {
      await decideApplication(contextOf(c), { applicationId: id.data, approve: form.data.decision === 'approve', note: form.data.note || undefined, actor: c.var.admin });
    } catch (error) {
      // A decision's own refusal (already decided, a module's veto) goes back to the admin; anything else is a fault.
      if (!(error instanceof AppError)) throw error;
      return c.text(error.message, error.kind === 'not_found' ? 404 : 409);
    }
    return c.redirect(`/admin/b2b-registration/applications/${id.data}?flash=saved`, 303);
  });

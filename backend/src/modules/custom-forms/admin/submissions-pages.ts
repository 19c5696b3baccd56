/**
 * A form's submissions (newest first, search, date range, CSV export, detail, delete) and the spam
 * log (blocked attempts by reason, counts per day). Payloads are visitors' text: every value goes
 * through hono/html's escaping, never raw.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { renderPage } from '../../../platform/admin/page.ts';
import { gridPageSize, pager, requestedPage } from '../../../platform/admin/pager.ts';
import { AppError } from '../../../platform/errors.ts';
import { getForm } from '../forms/service.ts';
import { submissionsCsv } from '../submissions/csv.ts';
import { allSubmissions, deleteSubmission, getSubmission, listSubmissions, spamLog, type SubmissionFilter } from '../submissions/service.ts';
import { codeOf, contextOf } from './forms-pages.ts';
import { adminBase } from './paths.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function filterOf(query: (name: string) => string | undefined): SubmissionFilter & { q: string; from: string; to: string } {
  const q = (query('q') ?? '').trim().slice(0, 100);
  const from = DATE.test(query('from') ?? '') ? query('from')! : '';
  const to = DATE.test(query('to') ?? '') ? query('to')! : '';
  return { q, from, to, search: q || undefined, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

function submissionIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw new AppError('not_found', 'not_found', 'No such submission.');
  return id;
}

const shown = (value: unknown) => (value === true ? 'yes' : value === false ? 'no' : value === null || value === undefined || value === '' ? '—' : String(value));

export const submissionsPages = new Hono<AdminEnv>()
  .get('/:code/submissions', async (c) => {
    const ctx = contextOf(c);
    const form = await getForm(ctx, codeOf(c));
    const filter = filterOf((name) => c.req.query(name));
    const page = requestedPage(c.req.query('page'));
    const { member, totalItems } = await listSubmissions(ctx, form.code, filter, { page, itemsPerPage: gridPageSize });
    const keep = { q: filter.q, from: filter.from, to: filter.to };
    const columns = form.fields.filter((field) => field.type !== 'hidden').slice(0, 4);
    return renderPage(
      c,
      `Submissions of “${form.title}”`,
      html`<p><a href="${adminBase}/forms">All forms</a> · <a href="${adminBase}/forms/${form.code}">Edit the form</a> ·
          <a href="${adminBase}/forms/${form.code}/submissions.csv?${new URLSearchParams(keep)}">Export CSV</a></p>
        <form method="get" role="search">
          <label>Search <input name="q" value="${filter.q}" /></label>
          <label>From <input type="date" name="from" value="${filter.from}" /></label>
          <label>To <input type="date" name="to" value="${filter.to}" /></label>
          <button>Filter</button>
        </form>
        <p class="muted">${totalItems} submissions.</p>
        <div class="table-scroll"><table>
          <tr><th>#</th><th>Date (UTC)</th>${columns.map((field) => html`<th>${field.label}</th>`)}</tr>
          ${member.map(
            (row) => html`<tr><td><a href="${adminBase}/forms/${form.code}/submissions/${row.id}">${row.id}</a></td><td>${row.createdAt}</td>${columns.map((field) => html`<td>${shown(row.payload[field.key])}</td>`)}</tr>`,
          )}
        </table></div>
        ${pager(page, Math.ceil(totalItems / gridPageSize), keep)}`,
    );
  })
  .get('/:code/submissions.csv', async (c) => {
    const ctx = contextOf(c);
    const form = await getForm(ctx, codeOf(c));
    const csv = submissionsCsv(form.fields, await allSubmissions(ctx, form.code, filterOf((name) => c.req.query(name))));
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${form.code}-submissions.csv"`, 'Cache-Control': 'no-store' });
  })
  .get('/:code/submissions/:id', async (c) => {
    const ctx = contextOf(c);
    const form = await getForm(ctx, codeOf(c));
    const row = await getSubmission(ctx, form.code, submissionIdOf(c.req.param('id')));
    return renderPage(
      c,
      `Submission #${row.id} of “${form.title}”`,
      html`<p><a href="${adminBase}/forms/${form.code}/submissions">All submissions</a></p>
        <dl class="details"><dt>Date (UTC)</dt><dd>${row.createdAt}</dd><dt>Store</dt><dd>${row.storeCode}</dd>
          ${form.fields.map((field) => html`<dt>${field.label}</dt><dd class="pre">${shown(row.payload[field.key])}</dd>`)}</dl>
        <form method="post" action="${adminBase}/forms/${form.code}/submissions/${row.id}/delete">${csrfField(c.var.csrfToken)}<button>Delete this submission</button></form>`,
    );
  })
  .post('/:code/submissions/:id/delete', async (c) => {
    const code = codeOf(c);
    await deleteSubmission(contextOf(c), code, submissionIdOf(c.req.param('id')));
    return c.redirect(`${adminBase}/forms/${code}/submissions?flash=deleted`, 303);
  });

const reasons: Record<string, string> = {
  rate_limited_ip: 'Too many from one address',
  rate_limited_email: 'Too many for one email',
  honeypot: 'Honeypot filled',
  too_fast: 'Sent too fast',
  invalid_token: 'Expired or forged token',
  captcha_failed: 'Captcha failed',
  captcha_unavailable: 'Captcha provider unreachable',
};

export const spamPage = new Hono<AdminEnv>().get('/', async (c) => {
  const page = requestedPage(c.req.query('page'));
  const log = await spamLog(contextOf(c), undefined, { page, itemsPerPage: gridPageSize });
  return renderPage(
    c,
    'Forms: spam log',
    html`<p><a href="${adminBase}/forms">All forms</a></p>
      <h2>Blocked per day (last 30 days)</h2>
      <div class="table-scroll"><table><tr><th>Day</th><th>Reason</th><th>Attempts</th></tr>
        ${log.perDay.map((row) => html`<tr><td>${row.day}</td><td>${reasons[row.reason] ?? row.reason}</td><td>${row.count}</td></tr>`)}</table></div>
      <h2>Attempts</h2>
      <p class="muted">${log.totalItems} blocked attempts; none of them was stored as a submission.</p>
      <div class="table-scroll"><table><tr><th>Date (UTC)</th><th>Form</th><th>Reason</th><th>Address</th></tr>
        ${log.member.map((row) => html`<tr><td>${row.createdAt}</td><td>${row.formCode}</td><td>${reasons[row.reason] ?? row.reason}</td><td>${row.clientIp}</td></tr>`)}</table></div>
      ${pager(page, Math.ceil(log.totalItems / gridPageSize))}`,
  );
});

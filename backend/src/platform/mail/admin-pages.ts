import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { mailStatuses } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { listOutbox } from './outbox.ts';
import type { AdminEnv } from '../admin/admin-env.ts';
import { csrfField } from '../admin/layout.ts';
import { renderPage } from '../admin/page.ts';

const pageSize = 50;
const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const Filter = z.object({
  status: z.enum(mailStatuses).optional().catch(undefined),
  to: z.string().trim().max(254).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

const statusHelp = {
  pending: 'waiting to be sent',
  sent: 'accepted by the mail server',
  failed: 'every attempt was refused',
  unsent: 'recorded while no mail server was configured',
} as const;

/** System → Mail: every email the shop wrote, newest first, with its delivery state and a resend button. */
async function outboxPage(c: Context<AdminEnv>, error?: { message: string; status: ContentfulStatusCode }) {
  const filter = Filter.parse({ status: c.req.query('status') || undefined, to: c.req.query('to') || undefined, page: c.req.query('page') ?? 1 });
  const { member, totalItems } = await listOutbox(c.var.db, { status: filter.status, to: filter.to }, { page: filter.page, itemsPerPage: pageSize });
  const pages = Math.max(1, Math.ceil(totalItems / pageSize));
  const query = (page: number) => new URLSearchParams({ ...(filter.status ? { status: filter.status } : {}), ...(filter.to ? { to: filter.to } : {}), page: String(page) }).toString();
  const delivers = c.var.mailer.delivers;
  return renderPage(
    c,
    'Mail',
    html`${delivers
        ? html`<p class="muted">Emails are delivered through the SMTP server of <code>SMTP_URL</code>, retried with growing waits when it refuses them.</p>`
        : html`<p class="error">No mail server is configured (<code>SMTP_URL</code>): emails are recorded here as unsent and not delivered.</p>`}
      <form method="get">
        <label
          >Status
          <select name="status">
            <option value="">Any</option>
            ${mailStatuses.map((status) => html`<option value="${status}" ${status === filter.status ? 'selected' : ''}>${status}</option>`)}
          </select></label
        >
        <label>Recipient <input name="to" type="email" value="${filter.to ?? ''}" /></label>
        <button type="submit">Filter</button>
      </form>
      <p class="muted">${totalItems} emails · page ${filter.page} of ${pages}</p>
      <table>
        <tr><th>Created (UTC)</th><th>Kind</th><th>To</th><th>Subject</th><th>Status</th><th>Attempts</th><th>Last error</th><th>Sent (UTC)</th><th></th></tr>
        ${member.map(
          (mail) =>
            html`<tr data-testid="mail-${mail.id}">
              <td>${mail.createdAt}</td>
              <td>${mail.kind}</td>
              <td>${mail.to}</td>
              <td>
                <details>
                  <summary>${mail.subject}</summary>
                  <p class="muted">From ${mail.from.name} &lt;${mail.from.address}&gt;</p>
                  <pre style="white-space:pre-wrap">${mail.text}</pre>
                </details>
              </td>
              <td title="${statusHelp[mail.status]}">${mail.status}${mail.nextAttemptAt ? html`<br /><span class="muted">next ${mail.nextAttemptAt}</span>` : ''}</td>
              <td>${mail.attempts}</td>
              <td>${mail.lastError ?? ''}</td>
              <td>${mail.sentAt ?? ''}</td>
              <td>
                ${delivers && mail.status !== 'pending'
                  ? html`<form method="post" action="/admin/mail/${mail.id}/resend">${csrfField(c.var.csrfToken)}<button aria-label="Resend email ${mail.id}">Resend</button></form>`
                  : ''}
              </td>
            </tr>`,
        )}
      </table>
      <p>
        ${filter.page > 1 ? html`<a href="/admin/mail?${query(filter.page - 1)}">Previous</a>` : ''}
        ${filter.page < pages ? html`<a href="/admin/mail?${query(filter.page + 1)}">Next</a>` : ''}
      </p>`,
    { error: error?.message, status: error?.status ?? 200 },
  );
}

export const mailPages = new Hono<AdminEnv>()
  .get('/', (c) => outboxPage(c))
  .post('/:id/resend', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    try {
      await c.var.mailer.resend(c.var.db, id.data);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return error.kind === 'not_found' ? c.notFound() : outboxPage(c, { message: error.message, status: error.status });
    }
    return c.redirect('/admin/mail?flash=queued', 303);
  });

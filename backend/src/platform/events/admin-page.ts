import { desc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { eventDeliveries } from '../db/schema/index.ts';
import { retryDeliveries } from './notifications.ts';
import type { AdminEnv } from '../admin/admin-env.ts';
import { csrfField } from '../admin/layout.ts';
import { formFields, renderPage } from '../admin/page.ts';
import { parseForm } from '../admin/form-input.ts';

const Status = z.enum(['failed', 'pending', 'delivered']).catch('failed');
/** The Retry form: the failed delivery's id, read through formInput (a hidden field: anything else is no form of this page). */
const RetryForm = z.object({ id: z.number().int().min(1).max(2_147_483_647) });

/** System → Events: notifications waiting, delivered or failed, with a retry for failed ones. */
export const eventsPage = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const status = Status.parse(c.req.query('status'));
    const rows = await c.var.db.select().from(eventDeliveries).where(eq(eventDeliveries.status, status)).orderBy(desc(eventDeliveries.id)).limit(100);
    return renderPage(
      c,
      'Events',
      html`<p>${['failed', 'pending', 'delivered'].map((s) => html`<a href="/admin/events?status=${s}">${s}</a> `)}</p>
        <p class="muted">Notifications are delivered to module subscribers after the change that caused them committed, retried with backoff; failed ones stay here.</p>
        <table>
          <tr><th>Created</th><th>Event</th><th>Subscriber</th><th>Attempts</th><th>Last error</th><th></th></tr>
          ${rows.map(
            (row) =>
              html`<tr><td>${row.createdAt.toISOString()}</td><td>${row.event}</td><td>${row.subscriber}</td><td>${row.attempts}</td><td>${row.lastError ?? ''}</td><td>
                ${row.status === 'failed'
                  ? html`<form method="post" action="/admin/events/retry">${csrfField(c.var.csrfToken)}<input type="hidden" name="id" value="${row.id}" /><button class="secondary">Retry</button></form>`
                  : ''}
              </td></tr>`,
          )}
        </table>`,
    );
  })
  .post('/retry', async (c) => {
    const form = parseForm(RetryForm, await formFields(c));
    if ('errors' in form) return c.text('Invalid event id.', 400);
    await retryDeliveries(c.var.db, [form.data.id]);
    const [row] = await c.var.db.select({ id: eventDeliveries.id }).from(eventDeliveries).where(inArray(eventDeliveries.id, [form.data.id]));
    return c.redirect(row ? '/admin/events?status=pending&flash=saved' : '/admin/events', 303);
  });

import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../admin/admin-env.ts';
import { renderPage } from '../admin/page.ts';
import type { AuditDiff } from './config-diff.ts';
import { auditModules, listAuditLog, type AuditEntry } from './service.ts';

const pageSize = 50;

/** The same filters as GET /api/rest/v2/admin/audit-log; blank fields mean "any". */
const Filters = z.object({
  module: z.string().trim().max(100).catch(''),
  actor: z.string().trim().max(254).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

const value = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

const diffList = (diff: AuditDiff | null) =>
  diff === null || Object.keys(diff).length === 0
    ? ''
    : html`<ul>
        ${Object.entries(diff).map(([path, change]) => html`<li><code>${path}</code>: ${value(change.from)} → ${value(change.to)}</li>`)}
      </ul>`;

const actorOf = (entry: AuditEntry) => (entry.actor.type === 'system' ? 'system' : (entry.actor.email ?? `admin ${entry.actor.id}`));

function pageLink(filters: z.infer<typeof Filters>, page: number): string {
  const query = new URLSearchParams({ ...(filters.module ? { module: filters.module } : {}), ...(filters.actor ? { actor: filters.actor } : {}), page: String(page) });
  return `/admin/audit-log?${query}`;
}

/** System → Audit log: the entries of platform/audit/service.ts, newest first, filtered by module and actor. */
export const auditLogPage = new Hono<AdminEnv>().get('/', async (c) => {
  const filters = Filters.parse({ module: c.req.query('module') ?? '', actor: c.req.query('actor') ?? '', page: c.req.query('page') ?? '1' });
  const [log, modules] = await Promise.all([
    listAuditLog(c.var.db, { module: filters.module || undefined, actor: filters.actor || undefined }, { page: filters.page, itemsPerPage: pageSize }),
    auditModules(c.var.db),
  ]);
  const lastPage = Math.max(1, Math.ceil(log.totalItems / pageSize));
  return renderPage(
    c,
    'Audit log',
    html`<form method="get" action="/admin/audit-log">
        <label
          >Module
          <select name="module">
            <option value="">Any</option>
            ${modules.map((m) => html`<option value="${m}" ${m === filters.module ? 'selected' : ''}>${m}</option>`)}
          </select></label
        >
        <label>Actor <input name="actor" value="${filters.actor}" placeholder="Admin email or system" /></label>
        <button type="submit">Filter</button>
      </form>
      <p class="muted">${log.totalItems} ${log.totalItems === 1 ? 'entry' : 'entries'} · page ${filters.page} of ${lastPage}</p>
      <table>
        <tr><th>When (UTC)</th><th>Actor</th><th>Module</th><th>Action</th><th>Subject</th><th>Changes</th></tr>
        ${log.member.map(
          (entry) =>
            html`<tr><td>${entry.createdAt}</td><td>${actorOf(entry)}</td><td>${entry.module}</td><td>${entry.action}</td><td>${entry.subject ?? ''}</td><td>${diffList(entry.diff)}</td></tr>`,
        )}
      </table>
      <p>
        ${filters.page > 1 ? html`<a href="${pageLink(filters, filters.page - 1)}" rel="prev">Newer</a>` : ''}
        ${filters.page < lastPage ? html`<a href="${pageLink(filters, filters.page + 1)}" rel="next">Older</a>` : ''}
      </p>`,
  );
});

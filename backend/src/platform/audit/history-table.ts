/** An admin page's table of audit entries (a customer's decisions, an application's history): when, who, what, the change. */
import { html } from 'hono/html';
import type { adminAuditLog } from '../db/schema/index.ts';

export function auditHistoryTable(entries: readonly (typeof adminAuditLog.$inferSelect)[]) {
  return html`<table>
    <tr><th>When</th><th>Who</th><th>What</th><th>Change</th></tr>
    ${entries.map(
      (entry) =>
        html`<tr><td>${entry.createdAt.toISOString().slice(0, 19).replace('T', ' ')}</td><td>${entry.actorEmail ?? entry.actorType}</td><td>${entry.module} ${entry.action}</td><td>${Object.entries(entry.diff ?? {})
          .map(([key, change]) => `${key}: ${String(change.from)} → ${String(change.to)}`)
          .join('; ')}</td></tr>`,
    )}
  </table>`;
}

import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { renderPage } from '../../../platform/admin/page.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import { connectorTarget, type ConnectorSettings } from '../config.ts';
import type { ConnectorEnv } from '../env.ts';
import { Runner } from '../runner.ts';
import { recentCalls, saveOutcome } from '../sync-log.ts';

const base = '/admin/storefront-connector';
const contextOf = moduleContext<ConnectorSettings, ConnectorEnv>('storefront-connector');

/** Outcome messages of Sync Now travel as fixed codes in the redirect (post-redirect-get). */
const notices: Record<string, string> = { synced: 'Sync finished: the storefront accepted it.', 'sync-failed': 'Sync failed: see the log below.' };

/** Stores → Storefront: where the connector syncs to, Sync Now and the sync log (the configuration has its generated page). */
export const connectorAdmin = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const ctx = contextOf(c);
    const [calls, view] = await Promise.all([recentCalls(c.var.db), c.var.modules.configs.view(c.var.db, ctx.moduleId)]);
    const target = connectorTarget({ ...(view as ConnectorSettings), syncSecret: '', apiToken: '' }, ctx.env);
    const notice = notices[c.req.query('sync') ?? ''];
    const next = c.var.modules.nextRun(ctx.moduleId, 'full-sync');
    return renderPage(
      c,
      'Storefront',
      html`${notice ? html`<p class="${c.req.query('sync') === 'sync-failed' ? 'error' : 'flash'}" role="status">${notice}</p>` : ''}
        <p>Storefront: <strong>${target.storefrontUrl ?? 'not configured'}</strong>, store ${target.storeCode || 'the default store'}.
          ${next ? html`Next scheduled full sync ${next.toISOString()}.` : 'No scheduled sync.'} <a href="${base}/config">Configuration</a></p>
        <form method="post" action="${base}/sync">${csrfField(c.var.csrfToken)}<button type="submit">Sync Now</button>
          <span class="muted">Full sync of the store view this worker serves (POST /sync?store=… on the storefront; blank Worker Store Code: the default store).</span></form>
        <h2 id="sync-log">Sync log</h2>
        ${calls.length === 0
          ? html`<p class="muted">No syncs recorded.</p>`
          : // On a phone the table scrolls inside itself; focusable, so a keyboard can scroll it too.
            html`<table tabindex="0" aria-labelledby="sync-log">
              <tr><th>Started</th><th>Type</th><th>Trigger</th><th>Attempt</th><th>Status</th><th>HTTP</th><th>Duration</th><th>Error</th></tr>
              ${calls.map(
                (row) =>
                  html`<tr><td>${row.startedAt.toISOString()}</td><td>${row.type}</td><td>${row.trigger}</td><td>${row.attempt}</td><td>${row.status}</td><td>${row.httpStatus ?? '–'}</td><td>${row.durationMs} ms</td><td>${row.error ?? ''}</td></tr>`,
              )}
            </table>`}`,
    );
  })
  // The shell's save-status line after a save (define-module `admin.saveStatus`); `since` is epoch ms.
  .get('/save-status', async (c) => {
    const since = Number(c.req.query('since'));
    if (!Number.isSafeInteger(since) || since <= 0) return c.json({ error: 'invalid_request', message: 'since: epoch milliseconds.' }, 400);
    return c.json(await saveOutcome(c.var.db, new Date(since)), 200, { 'Cache-Control': 'no-store' });
  })
  .post('/sync', async (c) => {
    const outcome = await new Runner(contextOf(c)).sync('all', 'sync_now');
    return c.redirect(`${base}?sync=${outcome.ok ? 'synced' : 'sync-failed'}`, 303);
  });

import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../core/admin/admin-env.ts';
import { csrfField } from '../../../core/admin/layout.ts';
import { formFields, renderPage } from '../../../core/admin/page.ts';
import { AppError } from '../../../core/errors.ts';
import type { Connector } from '../connector.ts';
import type { ConnectorOptions } from '../options.ts';
import { saveSettings, settingsView } from '../settings.ts';
import { recentCalls } from '../sync-log.ts';

const base = '/admin/storefront-connector';

/** Outcome messages of Sync Now travel as fixed codes in the redirect (post-redirect-get). */
const notices: Record<string, string> = { synced: 'Sync finished: the storefront accepted it.', 'sync-failed': 'Sync failed: see the log below.' };

const field = (label: string, name: string, value: string, hint = '', type = 'text') =>
  html`<label>${label} <input name="${name}" type="${type}" value="${value}" autocomplete="off" /> <span class="muted">${hint}</span></label>`;

async function page(c: Context<AdminEnv>, options: ConnectorOptions, connector: Connector, error?: string) {
  const [view, calls] = await Promise.all([settingsView(c.var.db, options), recentCalls(c.var.db)]);
  const v = view.values;
  const notice = notices[c.req.query('sync') ?? ''];
  const next = connector.nextScheduledRun;
  return renderPage(
    c,
    'Storefront',
    html`${notice ? html`<p class="flash" role="status">${notice}</p>` : ''}
      <form method="post" action="${base}/sync">${csrfField(c.var.csrfToken)}<button type="submit">Sync Now</button>
        <span class="muted">Full sync of every store (POST /sync on the storefront).</span></form>
      <h2>Configuration</h2>
      ${view.canStoreSecrets ? '' : html`<p class="error">Set CONFIG_ENCRYPTION_KEY (or JWT_SECRET) in the backend environment to store secrets here.</p>`}
      <form method="post" action="${base}">
        ${csrfField(c.var.csrfToken)}
        ${field('Storefront URL', 'storefrontUrl', v.storefrontUrl, view.defaultStorefrontUrl ? `blank: ${view.defaultStorefrontUrl} (STOREFRONT_URL)` : 'the deployed worker URL', 'url')}
        ${field('Sync Secret', 'syncSecret', '', view.syncSecretMasked ? `set (${view.syncSecretMasked}${view.syncSecretFromEnv ? ', from SYNC_SECRET' : ''}); blank keeps it` : 'not set', 'password')}
        ${field('Worker Store Code', 'storeCode', v.storeCode, 'blank: every store')}
        ${field('Schedule (cron)', 'cronExpression', v.cronExpression, next ? `next full sync ${next.toISOString()}` : 'blank: no scheduled sync; e.g. "0 3 * * *"')}
        <h3>Cloudflare (optional: purge in every data centre)</h3>
        ${field('Account ID', 'accountId', v.accountId)}
        ${field('API Token / Key', 'apiToken', '', view.apiTokenMasked ? `set (${view.apiTokenMasked}); blank keeps it` : 'token preferred: Workers Scripts edit, KV Storage edit, Cache Purge, Zone read', 'password')}
        ${view.apiTokenMasked ? html`<label><input type="checkbox" name="clearApiToken" value="1" style="min-width:0" /> Remove the stored token</label>` : ''}
        ${field('API Email', 'apiEmail', v.apiEmail, 'only with a legacy global key', 'email')}
        ${field('Zone ID', 'zoneId', v.zoneId)}
        ${field('KV Namespace ID', 'kvNamespaceId', v.kvNamespaceId)}
        <button type="submit">Save</button>
      </form>
      <h2>Sync log</h2>
      ${calls.length === 0
        ? html`<p class="muted">No syncs recorded.</p>`
        : html`<table>
            <tr><th>Started</th><th>Type</th><th>Trigger</th><th>Attempt</th><th>Status</th><th>HTTP</th><th>Duration</th><th>Error</th></tr>
            ${calls.map(
              (row) =>
                html`<tr><td>${row.startedAt.toISOString()}</td><td>${row.type}</td><td>${row.trigger}</td><td>${row.attempt}</td><td>${row.status}</td><td>${row.httpStatus ?? '–'}</td><td>${row.durationMs} ms</td><td>${row.error ?? ''}</td></tr>`,
            )}
          </table>`}`,
    { error, status: error ? 400 : 200 },
  );
}

/** The page in the admin's "storefront" slot: configuration, Sync Now and the sync log. */
export function connectorAdmin(options: ConnectorOptions, connector: () => Connector) {
  return new Hono<AdminEnv>()
    .get('/', (c) => page(c, options, connector()))
    .post('/', async (c) => {
      try {
        await saveSettings(c.var.db, options, await formFields(c));
      } catch (error) {
        if (error instanceof AppError && (error.kind === 'invalid' || error.kind === 'unavailable')) return page(c, options, connector(), error.message);
        throw error;
      }
      await connector().applySchedule();
      return c.redirect(`${base}?flash=saved`, 303);
    })
    .post('/sync', async (c) => {
      const outcome = await connector().syncNow();
      return c.redirect(`${base}?sync=${outcome.ok ? 'synced' : 'sync-failed'}`, 303);
    });
}

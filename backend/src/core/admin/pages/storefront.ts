import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../admin-env.ts';
import { renderPage } from '../page.ts';

/**
 * Reserved for the storefront connector module: when a module declares an admin page with
 * slot "storefront", the navigation points there and this placeholder is no longer linked.
 */
export const storefrontPlaceholder = new Hono<AdminEnv>().get('/', (c) =>
  renderPage(
    c,
    'Storefront',
    html`<p>No storefront connector is installed. Once the <code>storefront-connector</code> module is loaded, this is where its
        configuration (account, zone, KV namespace, sync secret), the <strong>Sync Now</strong> button and the sync log appear.</p>
      <h2>Sync log</h2>
      <p class="muted">No syncs recorded.</p>`,
  ),
);

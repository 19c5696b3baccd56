import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../admin/admin-env.ts';
import { renderPage } from '../admin/page.ts';

/** System → Modules: what this backend loaded (MODULES), with links to each module's pages. */
export const modulesPage = new Hono<AdminEnv>().get('/', (c) => {
  const modules = c.var.modules.modules;
  return renderPage(
    c,
    'Modules',
    html`<p class="muted">Loaded modules (the <code>MODULES</code> variable chooses them; unset loads all).</p>
      <table>
        <tr><th>Module</th><th>Id</th><th>Pages</th></tr>
        ${modules.map(
          (module) =>
            html`<tr><td>${module.title}</td><td><code>${module.id}</code></td><td>
              ${module.config ? html`<a href="/admin/${module.id}/config">Configuration</a> ` : ''}
              ${(module.admin?.nav ?? []).map((item) => html`<a href="/admin${item.path}">${item.title}</a> `)}
            </td></tr>`,
        )}
      </table>`,
  );
});

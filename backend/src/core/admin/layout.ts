import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { AdminNavItem } from '../modules/define-module.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** The shell's own pages; modules add theirs (in any section) through their definition's `admin.nav`. */
export const coreNav: AdminNavItem[] = [
  { title: 'Products', path: '/products', section: 'Catalog' },
  { title: 'Customers', path: '/customers', section: 'Customers' },
  { title: 'Customer groups', path: '/customer-groups', section: 'Customers' },
  { title: 'Orders', path: '/orders', section: 'Sales' },
  { title: 'Shipping', path: '/shipping', section: 'Stores' },
  { title: 'Modules', path: '/modules', section: 'System' },
  { title: 'Events', path: '/events', section: 'System' },
  { title: 'API clients', path: '/api-clients', section: 'System' },
  { title: 'Audit log', path: '/audit-log', section: 'System' },
  { title: 'Mail', path: '/mail', section: 'System' },
];

/** The core's sections first, in this order; sections modules open follow, System last. */
const coreSections = ['Catalog', 'Customers', 'Sales', 'Content', 'Stores'];

function sectionsOf(nav: AdminNavItem[]): string[] {
  const opened = [...new Set(nav.map((item) => item.section))].filter((section) => !coreSections.includes(section) && section !== 'System');
  return [...coreSections, ...opened, 'System'];
}

/** The core's links and the loaded modules' links. */
export function navigation(moduleNav: AdminNavItem[]): AdminNavItem[] {
  return [...coreNav, ...moduleNav];
}

const styles = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;display:flex;min-height:100vh;color:#1f2937}
nav{width:210px;background:#111827;color:#e5e7eb;padding:1rem}nav a{color:#e5e7eb;display:block;padding:.2rem 0;text-decoration:none}
nav h2{font-size:.75rem;text-transform:uppercase;color:#9ca3af;margin:1rem 0 .3rem}main{flex:1;padding:1.5rem 2rem;max-width:1100px}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:.4rem;text-align:left}
label{display:block;margin:.6rem 0}input,select{font:inherit;padding:.3rem;min-width:16rem}button{font:inherit;padding:.35rem .9rem}
.flash{background:#ecfdf5;border:1px solid #10b981;padding:.5rem 1rem}.error{background:#fef2f2;border:1px solid #ef4444;padding:.5rem 1rem}
.muted{color:#6b7280}.cards{display:flex;gap:1rem}.card{border:1px solid #e5e7eb;padding:1rem;min-width:10rem}`;

export interface PageOptions {
  title: string;
  adminEmail?: string;
  csrfToken?: string;
  nav?: AdminNavItem[];
  flash?: string;
  error?: string;
}

/** The page frame every admin page renders into; hono/html escapes every interpolated value. */
export function layout(options: PageOptions, body: Html): Html {
  const nav = options.nav ?? [];
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${options.title} · Admin</title>
    <style>
      ${styles}
    </style>
  </head>
  <body>
    ${options.adminEmail
      ? html`<nav>
          <a href="/admin"><strong>Admin</strong></a>
          ${sectionsOf(nav).map((section) => {
            const items = nav.filter((item) => item.section === section);
            return items.length === 0 ? '' : html`<h2>${section}</h2>${items.map((item) => html`<a href="/admin${item.path}">${item.title}</a>`)}`;
          })}
          <h2>${options.adminEmail}</h2>
          <form method="post" action="/admin/logout"><input type="hidden" name="_csrf" value="${options.csrfToken}" /><button>Sign out</button></form>
        </nav>`
      : ''}
    <main>
      <h1>${options.title}</h1>
      ${options.flash ? html`<p class="flash" role="status">${options.flash}</p>` : ''}
      ${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''} ${body}
    </main>
  </body>
</html>`;
}

/** The hidden field every form of a signed-in page carries. */
export const csrfField = (token: string) => html`<input type="hidden" name="_csrf" value="${token}" />`;

import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { AdminNavItem } from './nav-item.ts';
import { adminScriptPath } from './script.ts';
import { adminStylesheetPath } from './stylesheet.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** The core's sections first, in this order; sections modules open follow, System last. */
const coreSections = ['Catalog', 'Customers', 'Sales', 'Content', 'Stores'];

function sectionsOf(nav: AdminNavItem[]): string[] {
  const opened = [...new Set(nav.map((item) => item.section))].filter((section) => !coreSections.includes(section) && section !== 'System');
  return [...coreSections, ...opened, 'System'];
}

/**
 * The navigation item the page at `path` belongs to: the one whose path is the longest prefix of it
 * (a product's page belongs to Products), the dashboard only itself.
 */
export function currentItem(nav: readonly AdminNavItem[], path: string): AdminNavItem | undefined {
  const within = (item: AdminNavItem) => path === `/admin${item.path}` || path.startsWith(`/admin${item.path}/`);
  return nav.filter(within).sort((a, b) => b.path.length - a.path.length)[0];
}

export interface PageOptions {
  title: string;
  /** The request's path: its navigation item is marked as the current page. */
  path?: string;
  adminEmail?: string;
  csrfToken?: string;
  nav?: AdminNavItem[];
  flash?: string;
  /** Where the page follows a save to the storefront (a module's `admin.saveStatus`), shown under the flash. */
  saveStatus?: { src: string; log: string };
  error?: string;
}

/**
 * The page frame every admin page renders into; hono/html escapes every interpolated value. On a
 * phone the navigation folds behind the top bar's Menu button (client/admin.js shows the button and
 * folds it; without JavaScript the navigation follows the page's content instead, stylesheet.ts).
 */
export function layout(options: PageOptions, body: Html): Html {
  const nav = options.nav ?? [];
  const current = options.path === undefined ? undefined : currentItem(nav, options.path);
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${options.title} · Admin</title>
    <link rel="stylesheet" href="${adminStylesheetPath}" />
    <script src="${adminScriptPath}" defer></script>
  </head>
  <body class="${options.adminEmail ? 'shell' : 'login'}">
    ${options.adminEmail
      ? html`<header class="topbar">
          <a href="/admin"><strong>Admin</strong></a>
          <button type="button" class="nav-toggle" aria-expanded="false" aria-controls="admin-nav" hidden>Menu</button>
        </header>
        <nav class="side" id="admin-nav" aria-label="Admin">
          <a href="/admin" class="home" ${options.path === '/admin' ? html`aria-current="page"` : ''}><strong>Admin</strong></a>
          ${sectionsOf(nav).map((section) => {
            const items = nav.filter((item) => item.section === section);
            return items.length === 0
              ? ''
              : html`<h2>${section}</h2>${items.map((item) => html`<a href="/admin${item.path}" ${item === current ? html`aria-current="page"` : ''}>${item.title}</a>`)}`;
          })}
          <h2>${options.adminEmail}</h2>
          <form method="post" action="/admin/logout"><input type="hidden" name="_csrf" value="${options.csrfToken}" /><button>Sign out</button></form>
        </nav>`
      : ''}
    <main>
      <h1>${options.title}</h1>
      ${options.flash ? html`<p class="flash" role="status">${options.flash}</p>` : ''}
      ${options.saveStatus
        ? html`<p class="save-status" role="status" data-save-status="${options.saveStatus.src}">
            <span>The storefront picks this change up within seconds.</span> <a href="${options.saveStatus.log}">Sync log</a>
          </p>`
        : ''}
      ${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''} ${body}
    </main>
  </body>
</html>`;
}

/** The hidden field every form of a signed-in page carries. */
export const csrfField = (token: string) => html`<input type="hidden" name="_csrf" value="${token}" />`;

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

export interface PageOptions {
  title: string;
  adminEmail?: string;
  csrfToken?: string;
  nav?: AdminNavItem[];
  flash?: string;
  /** Where the page follows a save to the storefront (a module's `admin.saveStatus`), shown under the flash. */
  saveStatus?: { src: string; log: string };
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
    <link rel="stylesheet" href="${adminStylesheetPath}" />
    <script src="${adminScriptPath}" defer></script>
  </head>
  <body class="${options.adminEmail ? 'shell' : 'login'}">
    ${options.adminEmail
      ? html`<nav class="side" aria-label="Admin">
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

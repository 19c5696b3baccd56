/**
 * A record's preview from its editor (CMS pages, blog posts): as saved, or as typed in the form
 * and not saved, without publishing it.
 *
 * Why here and not on the storefront: the storefront renders pages from KV, which only the
 * connector's sync fills, and an inactive page or a draft post is never synced. So the preview is
 * served by the admin, behind the admin session, from the database or the form.
 *
 * The content is merchant HTML: it is sanitised as a save would (markup-sanitize.ts), and the page
 * carries its own Content-Security-Policy, stricter than the admin's: no script of any origin, no
 * form, no frame, nothing loaded but images, fonts and inline styles. `X-Robots-Tag: noindex` keeps
 * it out of search engines should a link leak. Directives the storefront expands (a Custom Forms
 * `{{block …}}`) show as their text.
 */
import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { AdminEnv } from '../admin/admin-env.ts';
import { sanitizeMerchantHtml } from '../markup-sanitize.ts';

/** What the preview shows: from the record as the API answers it, or the form's fields as typed. */
export interface PreviewContent {
  heading: string;
  /** A post's author and date. */
  byline?: string;
  /** The content's HTML (sanitised here). */
  html: string;
}

export const previewPolicy = [
  "default-src 'none'",
  "script-src 'none'",
  "img-src 'self' https: data:",
  "style-src 'unsafe-inline'",
  "font-src 'self' https:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const styles = `
body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#111827}
.preview-banner{margin:0;padding:.75rem 1rem;background:#fef3c7;border-bottom:2px solid #d97706;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
main{max-width:48rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}
main img{max-width:100%;height:auto}
main table{display:block;overflow-x:auto}
.byline{color:#4b5563}
`;

/** The preview page; `saved`: read from the database (else the form as typed). `editor`: the editor's address. */
export function previewResponse(c: Context<AdminEnv>, content: PreviewContent, options: { saved: boolean; editor: string }) {
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>Preview: ${content.heading}</title>
        <style>
          ${raw(styles)}
        </style>
      </head>
      <body>
        <header>
          <p class="preview-banner">
            <strong>Preview — not published</strong>
            <span>${options.saved ? 'As last saved.' : 'As typed in the form, not saved.'}</span>
            <a href="${options.editor}">Back to the editor</a>
          </p>
        </header>
        <main>
          <h1>${content.heading}</h1>
          ${content.byline ? html`<p class="byline">${content.byline}</p>` : ''}
          ${raw(sanitizeMerchantHtml(content.html))}
        </main>
      </body>
    </html>`;
  return c.html(page, 200, { 'Content-Security-Policy': previewPolicy, 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store' });
}

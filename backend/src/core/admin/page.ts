import type { Context } from 'hono';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AdminEnv } from './admin-env.ts';
import { layout } from './layout.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** Flash messages travel as fixed codes in the redirect URL (post-redirect-get), never as free text. */
const flashes: Record<string, string> = {
  saved: 'Saved.',
  created: 'Created.',
  revoked: 'Revoked.',
  queued: 'Queued for sending.',
  deleted: 'Deleted.',
  duplicated: 'Duplicated (inactive until you activate it).',
  reordered: 'Order saved.',
  activated: 'Activated.',
  deactivated: 'Deactivated.',
  image_added: 'Image added; the storefront shows it after its sync.',
  image_missing: 'Choose an image file to upload.',
  image_refused: 'That file is not an image we can read (JPEG, PNG, WebP, GIF, AVIF or TIFF, at most 10 MB).',
  image_taken: 'That image is already on a product.',
};

/** Renders a signed-in admin page; admin HTML is never cached. */
export function renderPage(c: Context<AdminEnv>, title: string, body: Html, options: { error?: string; status?: ContentfulStatusCode } = {}) {
  const flash = flashes[c.req.query('flash') ?? ''];
  const frame = layout({ title, adminEmail: c.var.admin.email, csrfToken: c.var.csrfToken, nav: c.var.adminNav, flash, error: options.error }, body);
  return c.html(frame, options.status ?? 200, { 'Cache-Control': 'no-store' });
}

/** Form fields as strings (parseBody may give files, which no admin form takes). */
export async function formFields(c: Context<AdminEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
}

import type { Context } from 'hono';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AdminEnv } from './admin-env.ts';
import { layout, type PageOptions } from './layout.ts';
import { outcomeOf } from './outcome-flash.ts';
import { savedAt } from './save-stamp.ts';

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
  image_removed: 'Image removed; the storefront stops showing it after its sync.',
  image_missing: 'Choose an image file to upload.',
  image_refused: 'That file is not an image we can read (JPEG, PNG, WebP, GIF, AVIF or TIFF, at most 10 MB).',
  image_taken: 'That image is already on a product.',
};

/** The flashes of a change the storefront shows once its sync ran. */
const storefrontChanges = new Set(['saved', 'created', 'deleted', 'activated', 'deactivated', 'reordered', 'image_added', 'image_removed']);

/**
 * Where a page whose saves reach the storefront follows the latest one: the module reporting save
 * outcomes, asked for those since the save began (the stamp the save's redirect left, save-stamp.ts), or
 * since now when a page is opened with a flash but no stamp.
 */
function saveStatus(c: Context<AdminEnv>, flash: string | undefined, storefrontSync: boolean | undefined): PageOptions['saveStatus'] {
  if (!storefrontSync || !flash || !storefrontChanges.has(flash)) return undefined;
  const reporter = c.var.modules.modules.find((module) => module.admin?.saveStatus);
  const status = reporter?.admin?.saveStatus;
  if (!status) return undefined;
  const now = Date.now();
  return { src: `/admin${status.path}?since=${savedAt(c, now) ?? now}`, log: `/admin${status.log}` };
}

/**
 * Renders a signed-in admin page; admin HTML is never cached. `storefrontSync` marks pages whose saves
 * reach the storefront: after one, the page reports the sync's outcome.
 */
export function renderPage(c: Context<AdminEnv>, title: string, body: Html, options: { error?: string; status?: ContentfulStatusCode; storefrontSync?: boolean } = {}) {
  const code = c.req.query('flash');
  // What a destructive action did, in words naming the record (outcome-flash.ts), before the code's generic line.
  const flash = outcomeOf(c) ?? flashes[code ?? ''];
  const frame = layout(
    { title, adminEmail: c.var.admin.email, csrfToken: c.var.csrfToken, nav: c.var.adminNav, flash, saveStatus: saveStatus(c, code, options.storefrontSync), error: options.error },
    body,
  );
  return c.html(frame, options.status ?? 200, { 'Cache-Control': 'no-store' });
}

/** Form fields as strings (parseBody may give files, which no admin form takes). */
export async function formFields(c: Context<AdminEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
}

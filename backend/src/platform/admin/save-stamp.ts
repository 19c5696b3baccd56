import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { serialize } from 'hono/utils/cookie';
import type { AdminEnv } from './admin-env.ts';
import { cookieOptions } from './sessions.ts';

const cookie = 'admin_saved';

/**
 * A save redirects to a page with a flash; that page follows the storefront sync the save set off
 * (page.ts `saveStatus`). The sync can start before the redirected page is rendered (the connector's
 * debounce is short, a loaded server slow), so "since the page was rendered" would miss it and wait
 * forever: the redirect leaves the moment the save began in a short-lived cookie instead (a cookie,
 * so the redirect's URL stays the one the handler chose).
 */
export const stampSaves = createMiddleware<AdminEnv>(async function stampSaves(c, next) {
  const began = Date.now();
  await next();
  if (c.req.method !== 'POST' || c.res.status < 300 || c.res.status >= 400) return;
  if (!/[?&]flash=/.test(c.res.headers.get('Location') ?? '')) return;
  // Appended to the finished response (the handler has answered); the admin's own cookie settings (sessions.ts).
  c.res.headers.append('Set-Cookie', serialize(cookie, String(began), cookieOptions(c, 120)));
});

/** When the save that led to this page began, if one did within the last two minutes. */
export function savedAt(c: Context<AdminEnv>, now: number): number | undefined {
  const at = Number(getCookie(c, cookie));
  return Number.isSafeInteger(at) && at <= now && now - at < 120_000 ? at : undefined;
}

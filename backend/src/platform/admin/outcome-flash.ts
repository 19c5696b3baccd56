import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { cookieOptions } from './sessions.ts';

const outcomeCookie = 'admin_outcome';

/**
 * Says what a destructive action did ("Deleted Aurora Lamp.", "Refunded $20.00; $164.00 remains.") on
 * the page its redirect opens. The words name records, so they travel in a short-lived HttpOnly cookie
 * the server wrote, not in the URL: a link someone crafts cannot make the admin show words of its own
 * (the URL's `flash` stays a fixed code, page.ts). The page that shows it clears it: it is said once.
 */
export function sayOutcome(c: Context, words: string): void {
  setCookie(c, outcomeCookie, words.slice(0, 300), cookieOptions(c, 60));
}

/** The outcome waiting for this page, taken (cleared) as it is read. */
export function outcomeOf(c: Context): string | undefined {
  const words = getCookie(c, outcomeCookie);
  if (words === undefined) return undefined;
  deleteCookie(c, outcomeCookie, { path: '/admin' });
  return words || undefined;
}

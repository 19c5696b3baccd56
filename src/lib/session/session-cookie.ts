/**
 * The session cookie's Set-Cookie headers: HttpOnly (no script reads the token), SameSite=Lax (sent on
 * top-level navigations to the shop, not on cross-site subrequests), whole site, Secure on HTTPS, and
 * no longer-lived than the access token it carries.
 */
import { readCookie } from '../http/cookies.ts';

export const SESSION_COOKIE = 'shop_session';

function attributes(secure: boolean): string[] {
  const list = ['Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (secure) list.push('Secure');
  return list;
}

/** Sets the cookie until `expiresAt` (epoch ms). */
export function sessionCookie(value: string, expiresAt: number, secure: boolean, now: number = Date.now()): string {
  const maxAge = Math.max(0, Math.floor((expiresAt - now) / 1000));
  return [`${SESSION_COOKIE}=${value}`, `Max-Age=${maxAge}`, ...attributes(secure)].join('; ');
}

/** Deletes the cookie (sign-out, or a cookie that no longer verifies). */
export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'Max-Age=0', ...attributes(secure)].join('; ');
}

/** The raw session cookie of a request, or null. */
export function sessionCookieValue(request: Request): string | null {
  return readCookie(request.headers.get('Cookie'), SESSION_COOKIE);
}

export function isHttps(url: URL): boolean {
  return url.protocol === 'https:';
}

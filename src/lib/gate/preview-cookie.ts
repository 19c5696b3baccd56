/**
 * The preview gate's cookie (DECISIONS.md 15): `<expiry>.<HMAC-SHA256(expiry)>`, keyed by the
 * preview password itself, so changing the password signs everyone out and nothing else needs
 * storing. Verification uses crypto.subtle.verify, which compares in constant time.
 */

import { fromBase64Url, toBase64Url } from '../http/cookies.ts';

export const PREVIEW_COOKIE = 'preview_access';
/** A week: long enough for a review round, short enough that a leaked cookie expires. */
export const PREVIEW_COOKIE_LIFETIME_S = 7 * 24 * 60 * 60;

const encoder = new TextEncoder();

function hmacKey(password: string): Promise<CryptoKey> {
  // A fixed context string keeps this key distinct from any other use of the same password.
  return crypto.subtle.importKey('raw', encoder.encode(`preview-gate:v1:${password}`), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

/** A token valid until `now + lifetime` (seconds since the epoch). */
export async function issuePreviewToken(password: string, nowMs: number = Date.now()): Promise<string> {
  const expires = String(Math.floor(nowMs / 1000) + PREVIEW_COOKIE_LIFETIME_S);
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(password), encoder.encode(expires));
  return `${expires}.${toBase64Url(signature)}`;
}

export async function verifyPreviewToken(password: string, token: string, nowMs: number = Date.now()): Promise<boolean> {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const [, expires = '', signature = ''] = match;
  if (Number(expires) * 1000 <= nowMs) return false;
  const bytes = fromBase64Url(signature);
  if (!bytes) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(password), bytes, encoder.encode(expires));
}

/** The Set-Cookie value: HttpOnly, SameSite=Lax, whole site, Secure on HTTPS. */
export function previewCookie(token: string, secure: boolean): string {
  const attributes = [`${PREVIEW_COOKIE}=${token}`, 'Path=/', `Max-Age=${PREVIEW_COOKIE_LIFETIME_S}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

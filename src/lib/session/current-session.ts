/**
 * "Who is signed in for this request?", the one question the rest of the storefront asks about
 * sessions (the edge cache's key, the signed-in page source, the login wall). The answer comes from
 * the signed session cookie only; it is worked out once per request and shared by every caller.
 */
import { getConfig } from '../config.ts';
import { sessionCookieValue } from './session-cookie.ts';
import { openSession, type Session } from './session-token.ts';

export type { Session } from './session-token.ts';

const resolved = new WeakMap<Request, Promise<Session | null>>();

/**
 * The signed-in customer of a request (their token, customer group and first name), or null for a
 * guest: no cookie, a cookie that does not verify or has expired, or no SESSION_SECRET configured.
 */
export function sessionForRequest(request: Request, secret: string | undefined = getConfig().SESSION_SECRET): Promise<Session | null> {
  let session = resolved.get(request);
  if (!session) {
    const value = sessionCookieValue(request);
    session = value === null ? Promise.resolve(null) : openSession(secret, value);
    resolved.set(request, session);
  }
  return session;
}

/** The customer group a request is rendered for: the session's, or null for a guest. */
export async function signedInGroup(request: Request): Promise<number | null> {
  return (await sessionForRequest(request))?.groupId ?? null;
}

/**
 * Replaces what later callers see for this request: the session step's answer after it checked the
 * group with the backend (a changed group, or a token the backend no longer accepts).
 */
export function settleSession(request: Request, session: Session | null): void {
  resolved.set(request, Promise.resolve(session));
}

/**
 * One answer per request to "who is signed in": the cookie is verified once, and the session step's
 * later decision (a re-confirmed group, a refused token, the sign-out page) replaces it for every
 * caller after it. Keyed by the Request object, so it goes with the request.
 */
import { sessionCookieValue } from './session-cookie.ts';
import { openSession, type Session } from './session-token.ts';

const resolved = new WeakMap<Request, Promise<Session | null>>();

/** The session of a request under `secret` (null: guest), verified on first use (at `now`, epoch ms). */
export function resolveSession(request: Request, secret: string | undefined, now: number = Date.now()): Promise<Session | null> {
  let session = resolved.get(request);
  if (!session) {
    const value = sessionCookieValue(request);
    session = value === null ? Promise.resolve(null) : openSession(secret, value, now);
    resolved.set(request, session);
  }
  return session;
}

/** Replaces what later callers see for this request. */
export function settleSession(request: Request, session: Session | null): void {
  resolved.set(request, Promise.resolve(session));
}

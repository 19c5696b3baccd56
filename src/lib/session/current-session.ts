/**
 * "Who is signed in for this request?", the one question the rest of the storefront asks about
 * sessions (the signed-in page source, the header, the login wall). The answer comes from the signed
 * session cookie only, under the configured SESSION_SECRET, worked out once per request.
 */
import { getConfig } from '../config.ts';
import { resolveSession } from './session-memo.ts';
import type { Session } from './session-token.ts';

export type { Session } from './session-token.ts';
export { settleSession } from './session-memo.ts';

/**
 * The signed-in customer of a request (their token, customer group and first name), or null for a
 * guest: no cookie, a cookie that does not verify or has expired, or no SESSION_SECRET configured.
 */
export function sessionForRequest(request: Request): Promise<Session | null> {
  return resolveSession(request, getConfig().SESSION_SECRET);
}

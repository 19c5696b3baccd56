import { and, eq, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/database.ts';
import { adminUsers, apiClients, customers, revokedAccessTokens } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { guest, type Caller } from './caller.ts';
import { invalidToken, readToken } from './jwt.ts';
import { issuedInValidTime } from './token-validity.ts';
import type { AuthSettings } from './settings.ts';

/**
 * The token of "Bearer <token>"; undefined without a header or for another scheme (Basic credentials
 * belong to the token endpoint's client authentication and mean nothing elsewhere), 401 for a bare "Bearer".
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || !/^Bearer(\s|$)/i.test(header.trim())) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (!match?.[1]) throw invalidToken('Send the access token as "Authorization: Bearer <token>".');
  return match[1];
}

/**
 * Turns an access token into a Caller. The token proves who calls; what they may see (their group)
 * comes from the database on every call, so a group change or a deleted account applies at once.
 * The same row read says whether the token still speaks for the account (DECISIONS.md 50): the
 * account is `active` and the token was issued after its last password, email or status change
 * (token-validity.ts). That row is read on every request anyway (for the group), so the check adds
 * two columns to it and no query; no in-process cache, hence nothing to invalidate across processes.
 */
export async function callerOfToken(db: Db, settings: AuthSettings, token: string): Promise<Caller> {
  const claims = await readToken(settings, 'access', token);
  if (!claims) throw invalidToken();
  const [revoked] = await db.select({ jti: revokedAccessTokens.jti }).from(revokedAccessTokens).where(eq(revokedAccessTokens.jti, claims.jti));
  if (revoked) throw invalidToken();
  const scope = claims.scope.split(' ').filter(Boolean);
  const [kind, id] = claims.sub.split(':', 2);
  if (kind === 'customer' && id && /^\d+$/.test(id)) {
    const [customer] = await db
      .select({
        id: customers.id,
        email: customers.email,
        groupId: customers.groupId,
        approvalStatus: customers.approvalStatus,
        tokensValidAfter: customers.tokensValidAfter,
      })
      .from(customers)
      .where(eq(customers.id, Number(id)));
    if (!customer) throw invalidToken();
    if (customer.approvalStatus !== 'active') throw invalidToken('The account is not active; this token no longer works.');
    if (!issuedInValidTime(claims.iat, customer.tokensValidAfter)) throw invalidToken('The account changed since this token was issued (password, email or status); sign in again.');
    return { kind: 'customer', customerId: customer.id, email: customer.email, groupId: customer.groupId, tokenId: claims.jti, scope };
  }
  if (kind === 'admin' && id && /^\d+$/.test(id)) {
    const [admin] = await db.select({ id: adminUsers.id, email: adminUsers.email, tokensValidAfter: adminUsers.tokensValidAfter }).from(adminUsers).where(eq(adminUsers.id, Number(id)));
    if (!admin) throw invalidToken();
    if (!issuedInValidTime(claims.iat, admin.tokensValidAfter)) throw invalidToken('The admin password changed since this token was issued; sign in again.');
    return { kind: 'admin', adminId: admin.id, email: admin.email, groupId: 0, tokenId: claims.jti, scope };
  }
  if (kind === 'client' && id) {
    const [client] = await db
      .select({ clientId: apiClients.clientId })
      .from(apiClients)
      .where(and(eq(apiClients.clientId, id), isNull(apiClients.revokedAt)));
    if (!client) throw invalidToken();
    return { kind: 'client', clientId: client.clientId, groupId: 0, tokenId: claims.jti, scope };
  }
  throw invalidToken();
}

/**
 * Sets `c.var.caller`: a guest without a token, 401 for a bad one. Paths under `ignoreUnder` (the
 * token endpoints, which judge their own credentials) always see a guest, so a stale token sent
 * along never blocks a login, a refresh or a logout.
 */
export function resolveCaller(options: { ignoreUnder: string }) {
  return createMiddleware<AppEnv>(async function resolveCaller(c, next) {
    const token = c.req.path.startsWith(options.ignoreUnder) ? undefined : bearerToken(c.req.header('authorization'));
    c.set('caller', token === undefined ? guest : await callerOfToken(c.var.db, c.var.auth, token));
    await next();
  });
}

/** The signed-in customer, or 401. */
export function requireCustomer(caller: Caller): Extract<Caller, { kind: 'customer' }> {
  if (caller.kind === 'customer') return caller;
  throw new AppError('unauthorized', 'customer_token_required', 'Sign in as a customer: send "Authorization: Bearer <access token>".');
}

/**
 * The admin behind an admin token (password grant with scope admin), for admin APIs and the audit
 * log's actor: 401 without a token, 403 for any other caller (customer, API client).
 */
export function requireAdmin(caller: Caller): { id: number; email: string } {
  if (caller.kind === 'guest') {
    throw new AppError('unauthorized', 'admin_token_required', 'Send an admin access token: "Authorization: Bearer <token>".', undefined, {
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  }
  if (caller.kind !== 'admin' || !caller.scope.includes('admin')) throw new AppError('forbidden', 'admin_scope_required', 'This needs an admin access token (scope admin).');
  return { id: caller.adminId, email: caller.email };
}

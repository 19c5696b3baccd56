import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { adminUsers, refreshTokens, revokedAccessTokens } from '../db/schema/index.ts';
import { readToken, signToken } from './jwt.ts';
import { oauthError } from './oauth-error.ts';
import { issuedAtFor } from './token-validity.ts';
import type { AuthSettings } from './settings.ts';

/** RFC 6749 §5.1 success body. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

export const customerSubject = (customerId: number) => `customer:${customerId}`;
export const clientSubject = (clientId: string) => `client:${clientId}`;

/**
 * An admin's access token (password grant, scope "admin"): no refresh token, so an admin session
 * through the API lasts one access-token lifetime and then needs the password again.
 */
export async function issueAdminToken(db: Db, settings: AuthSettings, adminId: number): Promise<TokenResponse> {
  // As a customer's: a token issued in the second of a password reset must still count as after it.
  const [admin] = await db.select({ tokensValidAfter: adminUsers.tokensValidAfter }).from(adminUsers).where(eq(adminUsers.id, adminId));
  const issuedAt = Math.max(Math.floor(Date.now() / 1000), (admin?.tokensValidAfter?.getTime() ?? 0) / 1000);
  const access = await signToken(settings, 'access', { sub: `admin:${adminId}`, scope: 'admin' }, settings.accessTtlSeconds, issuedAt);
  return { access_token: access.token, token_type: 'Bearer', expires_in: settings.accessTtlSeconds, scope: 'admin' };
}

/** Access + refresh token for a customer; a new login starts a new family, a rotation continues one. */
export async function issueCustomerTokens(db: Db, settings: AuthSettings, customerId: number, scope: string, familyId: string = randomUUID()): Promise<TokenResponse> {
  const sub = customerSubject(customerId);
  const issuedAt = await issuedAtFor(db, customerId);
  const access = await signToken(settings, 'access', { sub, scope }, settings.accessTtlSeconds, issuedAt);
  const refresh = await signToken(settings, 'refresh', { sub, scope, fam: familyId }, settings.refreshTtlSeconds, issuedAt);
  await db.insert(refreshTokens).values({ jti: refresh.jti, familyId, customerId, scope, expiresAt: refresh.expiresAt });
  return { access_token: access.token, token_type: 'Bearer', expires_in: settings.accessTtlSeconds, refresh_token: refresh.token, scope };
}

/** client_credentials: an access token only (RFC 6749 §4.4.3: no refresh token). */
export async function issueClientToken(settings: AuthSettings, clientId: string, scope: string): Promise<TokenResponse> {
  const access = await signToken(settings, 'access', { sub: clientSubject(clientId), scope }, settings.accessTtlSeconds);
  return { access_token: access.token, token_type: 'Bearer', expires_in: settings.accessTtlSeconds, scope };
}

/**
 * Exchanges a refresh token for a new pair. The old one is marked used in the same statement that
 * checks it is unused, so two concurrent rotations of one token cannot both win. Presenting a token
 * that was already used (or whose family was revoked) revokes the whole family: whoever holds the
 * newer tokens, legitimate or not, has to sign in again. Claiming, the `beforeIssue` check and the
 * new pair share one transaction: a refused account (pending, rejected, a module's veto) gets no
 * tokens and its refresh token stays as it was, refused again at every attempt while the refusal holds.
 */
export async function rotateRefreshToken(
  db: Db,
  settings: AuthSettings,
  token: string,
  /** Runs the same checks as a login (a customer blocked since signing in gets no new tokens); `tx` is the open transaction. */
  beforeIssue: (customerId: number, tx: Db) => Promise<void>,
): Promise<TokenResponse> {
  const claims = await readToken(settings, 'refresh', token);
  if (!claims) throw oauthError('invalid_grant', 'The refresh token is invalid or expired.');
  const issued = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.jti, claims.jti), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ customerId: refreshTokens.customerId, familyId: refreshTokens.familyId, scope: refreshTokens.scope });
    if (!claimed) return undefined;
    await beforeIssue(claimed.customerId, tx);
    return issueCustomerTokens(tx, settings, claimed.customerId, claimed.scope, claimed.familyId);
  });
  if (!issued) {
    // Outside the transaction above: the revocation must stand although the request fails.
    await revokeFamilyOf(db, claims.jti);
    throw oauthError('invalid_grant', 'The refresh token was already used or revoked; sign in again.');
  }
  return issued;
}

async function revokeFamilyOf(db: Db, jti: string): Promise<void> {
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.jti, jti));
  if (!row) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * RFC 7009: revokes an access token (deny-listed until it expires) or a refresh token (its whole
 * family, i.e. the session). Unknown or invalid tokens are ignored: the answer is the same either way.
 */
export async function revokeToken(db: Db, settings: AuthSettings, token: string, hint?: string): Promise<void> {
  const order = hint === 'refresh_token' ? (['refresh', 'access'] as const) : (['access', 'refresh'] as const);
  for (const use of order) {
    const claims = await readToken(settings, use, token);
    if (!claims) continue;
    if (use === 'refresh') {
      await revokeFamilyOf(db, claims.jti);
    } else {
      // An expired token fails verification anyway, so its deny-list row is dead weight: sweep on each revocation.
      await db.delete(revokedAccessTokens).where(lt(revokedAccessTokens.expiresAt, new Date()));
      await db.insert(revokedAccessTokens).values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) }).onConflictDoNothing();
    }
    return;
  }
}

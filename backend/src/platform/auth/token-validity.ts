/**
 * Tokens follow the account (DECISIONS.md 50). A customer's `tokensValidAfter` (a whole second) ends
 * every access token issued before it: a password change or reset, an email change and every status
 * change (approve, decline, set-pending) call `invalidateTokens` (a status change `invalidateAccessTokens`)
 * in their transaction.
 *
 * JWT `iat` has one-second resolution, so the boundary is chosen so that both halves hold within the
 * second of a change: the change stores the NEXT whole second (`ceil`), so any token issued up to the
 * change (whose `iat` is floored to the current second) has `iat < tokensValidAfter` and is refused;
 * a token issued after it, even in the same second, gets `iat = tokensValidAfter` (issuedAtFor) and
 * is accepted. So a fresh sign-in right after a reset works, and no older token slips through.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { customers, refreshTokens } from '../db/schema/index.ts';

/** The next whole second at or after `at`: what a change stores (see the file comment). */
export function validAfterFor(at: Date): Date {
  return new Date(Math.ceil(at.getTime() / 1000) * 1000);
}

/**
 * Ends the access tokens a customer holds: those issued up to now are refused from the next request on
 * (platform/auth/resolve-caller.ts compares). Refresh tokens stay: a status change uses this alone, since
 * the refresh grant checks the status itself (a declined customer's refresh answers the configured
 * `account_rejected` message, and one approved again may refresh into a new access token).
 */
export async function invalidateAccessTokens(db: Db, customerId: number, at: Date = new Date()): Promise<void> {
  await db.update(customers).set({ tokensValidAfter: validAfterFor(at) }).where(eq(customers.id, customerId));
}

/**
 * Ends every token of a customer (a password change or reset, an email change): the access tokens as
 * above, and every refresh-token family, so every device signs in again. Call it inside the
 * transaction of the change, so both commit with it.
 */
export async function invalidateTokens(db: Db, customerId: number, at: Date = new Date()): Promise<void> {
  await invalidateAccessTokens(db, customerId, at);
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.customerId, customerId), isNull(refreshTokens.revokedAt)));
}

/** Whether an access token issued at `iat` (epoch seconds) still speaks for the account. */
export function issuedInValidTime(iat: number, tokensValidAfter: Date | null): boolean {
  return tokensValidAfter === null || iat * 1000 >= tokensValidAfter.getTime();
}

/**
 * The `iat` (epoch seconds) of a token issued for the customer now: the current second, or the
 * account's `tokensValidAfter` when a change earlier in this second moved it ahead (at most one
 * second; `exp` moves with it, and jose does not refuse an `iat` ahead of the clock).
 */
export async function issuedAtFor(db: Db, customerId: number, now: number = Date.now()): Promise<number> {
  const [row] = await db.select({ tokensValidAfter: customers.tokensValidAfter }).from(customers).where(eq(customers.id, customerId));
  const current = Math.floor(now / 1000);
  return row?.tokensValidAfter ? Math.max(current, row.tokensValidAfter.getTime() / 1000) : current;
}

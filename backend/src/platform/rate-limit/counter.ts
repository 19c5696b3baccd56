import { and, eq, gt, inArray, lt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

/** A fixed window: `seconds` long, aligned to the epoch so every process agrees on its start. */
export interface Window {
  seconds: number;
}

function windowStart(window: Window, now: Date): Date {
  const ms = window.seconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/**
 * Counts one hit for `key` in the current window and answers the count including it. One atomic
 * upsert, so two processes counting at once both see the other's hit.
 */
export async function countHit(db: Db, key: string, window: Window, now = new Date()): Promise<number> {
  const start = windowStart(window, now);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: start, count: 1, expiresAt: new Date(start.getTime() + window.seconds * 1000) })
    .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { count: sql`${rateLimitCounters.count} + 1` } })
    .returning({ count: rateLimitCounters.count });
  return row?.count ?? 1;
}

/**
 * Counts one hit for each of `keys` in one atomic upsert and answers each key's hits in the current
 * window, this one included, plus those of the previous window (so a burst across a window boundary
 * is still seen whole).
 */
export async function countHitsWithPrevious(db: Db, keys: readonly string[], window: Window, now = new Date()): Promise<Map<string, number>> {
  const start = windowStart(window, now);
  const expiresAt = new Date(start.getTime() + window.seconds * 1000);
  const counted = await db
    .insert(rateLimitCounters)
    .values(keys.map((key) => ({ key, windowStart: start, count: 1, expiresAt })))
    .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { count: sql`${rateLimitCounters.count} + 1` } })
    .returning({ key: rateLimitCounters.key, count: rateLimitCounters.count });
  const previous = await db
    .select({ key: rateLimitCounters.key, count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(inArray(rateLimitCounters.key, [...keys]), eq(rateLimitCounters.windowStart, new Date(start.getTime() - window.seconds * 1000))));
  const totals = new Map(keys.map((key) => [key, 0]));
  for (const row of [...counted, ...previous]) totals.set(row.key, (totals.get(row.key) ?? 0) + row.count);
  return totals;
}

/** The hits counted for `key` in the current window, without counting one. */
export async function currentCount(db: Db, key: string, window: Window, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart(window, now))));
  return row?.count ?? 0;
}

/**
 * Takes back one hit of the window that held `at` (an attempt reserved before it was checked, that
 * turned out not to count: a successful sign-in). Never below zero.
 */
export async function releaseHit(db: Db, key: string, window: Window, at: Date): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart(window, at))));
}

/** Forgets every window of `key` (e.g. an email's failed sign-ins after a successful one). */
export async function resetCount(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}

/**
 * Locks `key` for `seconds` from `now`, whatever its windows say (a lockout after too many failures).
 * Stored as a row of its own under "lock:<key>" whose window starts now; a longer lock already in
 * place is kept.
 */
export async function lockKey(db: Db, key: string, seconds: number, now = new Date()): Promise<Date> {
  const until = new Date(now.getTime() + seconds * 1000);
  await db
    .insert(rateLimitCounters)
    .values({ key: `lock:${key}`, windowStart: now, count: 1, expiresAt: until })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { expiresAt: sql`greatest(${rateLimitCounters.expiresAt}, excluded.expires_at)` },
    });
  return until;
}

/** The one row a claimed lock lives in (see claimLock); other locks start a row at their own time. */
const claimedLockRow = new Date(0);

/**
 * Locks `key` for `seconds` from `now` unless it is locked already: one conditional upsert, so of
 * callers racing for it exactly one gets the lock. Answers whether this caller did.
 */
export async function claimLock(db: Db, key: string, seconds: number, now = new Date()): Promise<boolean> {
  const claimed = await db
    .insert(rateLimitCounters)
    .values({ key: `lock:${key}`, windowStart: claimedLockRow, count: 1, expiresAt: new Date(now.getTime() + seconds * 1000) })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1`, expiresAt: sql`excluded.expires_at` },
      setWhere: lte(rateLimitCounters.expiresAt, now),
    })
    .returning({ count: rateLimitCounters.count });
  return claimed.length > 0;
}

/** When the lock on `key` (or the longest of the locks on `keys`) ends, or undefined when none is locked. */
export async function lockedUntil(db: Db, keys: string | readonly string[], now = new Date()): Promise<Date | undefined> {
  const lockKeys = (typeof keys === 'string' ? [keys] : keys).map((key) => `lock:${key}`);
  const [row] = await db
    .select({ until: max(rateLimitCounters.expiresAt) })
    .from(rateLimitCounters)
    .where(and(inArray(rateLimitCounters.key, lockKeys), gt(rateLimitCounters.expiresAt, now)));
  return row?.until ?? undefined;
}

/** Deletes counters whose window ended (run from a periodic job). */
export async function pruneCounters(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
}

import { and, eq, gt, lt, max, sql } from 'drizzle-orm';
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

/** The hits counted for `key` in the current window, without counting one. */
export async function currentCount(db: Db, key: string, window: Window, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart(window, now))));
  return row?.count ?? 0;
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

/** When the lock on `key` ends, or undefined when it is not locked. */
export async function lockedUntil(db: Db, key: string, now = new Date()): Promise<Date | undefined> {
  const [row] = await db
    .select({ until: max(rateLimitCounters.expiresAt) })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, `lock:${key}`), gt(rateLimitCounters.expiresAt, now)));
  return row?.until ?? undefined;
}

/** Deletes counters whose window ended (run from a periodic job). */
export async function pruneCounters(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
}

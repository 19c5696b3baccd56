import { and, eq, lt, sql } from 'drizzle-orm';
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

/** Deletes counters whose window ended (run from a periodic job). */
export async function pruneCounters(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
}

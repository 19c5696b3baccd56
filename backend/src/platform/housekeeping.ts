import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db/database.ts';
import { eventDeliveries, jobRuns, mailOutbox, orderLinkTokens, passwordTokens, rateLimitCounters, refreshTokens, revokedAccessTokens, adminSessions } from './db/schema/index.ts';
import { ScheduledRun } from './modules/jobs.ts';

const day = 86_400_000;

/**
 * How long finished records are kept. Decision (no spec says): delivered notifications 30 days (the
 * admin's System → Events list is for what is happening now, and subscribers are idempotent by event
 * id within that window); sent or unsent mail 90 days, long enough to answer "did the customer get the
 * email?"; failed mail and failed notifications stay until an admin retries them, because they are work
 * still owed. Expired tokens, sessions and rate-limit windows can no longer be used, so they go at once.
 * The audit log is never pruned.
 */
export const retention = { deliveredEventsDays: 30, finishedMailDays: 90, jobRunsDays: 30 } as const;

/** Rows deleted per table by one run. */
export type PruneReport = Record<string, number>;

/** Deletes what nothing reads any more. Each table in its own statement: a big delete never holds one lock across them. */
export async function pruneFinishedRecords(db: Db, now = new Date()): Promise<PruneReport> {
  const before = (days: number) => new Date(now.getTime() - days * day);
  const targets: [string, PgTable, SQL | undefined][] = [
    ['event_deliveries', eventDeliveries, and(eq(eventDeliveries.status, 'delivered'), lt(eventDeliveries.deliveredAt, before(retention.deliveredEventsDays)))],
    ['mail_outbox', mailOutbox, and(inArray(mailOutbox.status, ['sent', 'unsent']), lt(mailOutbox.createdAt, before(retention.finishedMailDays)))],
    ['job_runs', jobRuns, lt(jobRuns.slot, before(retention.jobRunsDays))],
    ['refresh_tokens', refreshTokens, lt(refreshTokens.expiresAt, now)],
    ['revoked_access_tokens', revokedAccessTokens, lt(revokedAccessTokens.expiresAt, now)],
    ['password_tokens', passwordTokens, lt(passwordTokens.expiresAt, now)],
    ['order_link_tokens', orderLinkTokens, lt(orderLinkTokens.expiresAt, now)],
    ['admin_sessions', adminSessions, lt(adminSessions.expiresAt, now)],
    ['rate_limit_counters', rateLimitCounters, lt(rateLimitCounters.expiresAt, now)],
  ];
  const report: PruneReport = {};
  for (const [name, table, where] of targets) {
    // Returning a constant counts the rows without shipping them back.
    const deleted = await db.delete(table).where(where).returning({ one: sql`1` });
    report[name] = deleted.length;
  }
  return report;
}

/**
 * The hourly run in a backend process. The slot is claimed in `job_runs` like a module's job, so of
 * several processes on one database one prunes.
 */
export function scheduleHousekeeping(db: Db, log: (message: string, cause?: unknown) => void): ScheduledRun {
  const run = new ScheduledRun('core/housekeeping', db, async () => {
    try {
      const report = await pruneFinishedRecords(db);
      const total = Object.values(report).reduce((sum, count) => sum + count, 0);
      if (total > 0) log(`housekeeping: pruned ${Object.entries(report).filter(([, count]) => count > 0).map(([name, count]) => `${count} ${name}`).join(', ')}`);
    } catch (error) {
      log('housekeeping failed; it runs again next hour', error);
    }
  });
  run.set('41 * * * *');
  return run;
}

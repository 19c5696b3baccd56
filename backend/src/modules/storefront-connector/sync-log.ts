import { and, asc, desc, gte, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { storefrontConnectorSyncLog } from './tables.ts';

export type SyncLogEntry = typeof storefrontConnectorSyncLog.$inferInsert;
export type SyncLogRow = typeof storefrontConnectorSyncLog.$inferSelect;

export async function recordCall(db: Db, entry: SyncLogEntry): Promise<void> {
  await db.insert(storefrontConnectorSyncLog).values({ ...entry, error: entry.error?.slice(0, 1000) });
}

/** The latest calls, newest first, for the admin page and the API. */
export function recentCalls(db: Db, limit = 50): Promise<SyncLogRow[]> {
  return db.select().from(storefrontConnectorSyncLog).orderBy(desc(storefrontConnectorSyncLog.id)).limit(limit);
}

export interface SaveOutcome {
  state: 'pending' | 'success' | 'failed';
  message: string;
}

/**
 * What became of the saves made since `since`, as the admin's save-status line shows it: the first
 * storefront sync that succeeded after it, else the latest failed attempt (the runner may retry), else
 * pending (the sync waits out the debounce). Cloudflare purges are not the storefront's answer.
 */
export async function saveOutcome(db: Db, since: Date): Promise<SaveOutcome> {
  const calls = await db
    .select()
    .from(storefrontConnectorSyncLog)
    .where(and(gte(storefrontConnectorSyncLog.startedAt, since), ne(storefrontConnectorSyncLog.type, 'cloudflare-purge')))
    .orderBy(asc(storefrontConnectorSyncLog.id))
    .limit(50);
  const success = calls.find((call) => call.status === 'success');
  if (success) return { state: 'success', message: `Storefront updated: its ${success.type} sync took ${success.durationMs} ms.` };
  const failed = calls.at(-1);
  if (failed) return { state: 'failed', message: `Storefront sync failed (attempt ${failed.attempt}): ${failed.error ?? `HTTP ${failed.httpStatus}`}` };
  return { state: 'pending', message: 'Waiting for the storefront sync…' };
}

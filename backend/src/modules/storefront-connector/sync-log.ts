import { desc } from 'drizzle-orm';
import type { Db } from '../../core/db/database.ts';
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

import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/** PostgreSQL caps a statement at 65535 bind parameters; stay well below it. */
const maxParameters = 30_000;

/** Inserts many rows with a few multi-row statements instead of one statement per row. */
export async function insertInBatches<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const batchSize = Math.max(1, Math.floor(maxParameters / Object.keys(first).length));
  for (let start = 0; start < rows.length; start += batchSize) {
    await db.insert(table).values(rows.slice(start, start + batchSize));
  }
}

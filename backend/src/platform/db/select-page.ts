import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Paging } from '../http/schemas.ts';
import type { Db } from './database.ts';

/** One page of a table's rows in the given order, and how many rows match in all (for collections). */
export async function selectPage<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  orderBy: SQL[],
  paging: Paging,
): Promise<{ rows: T['$inferSelect'][]; totalItems: number }> {
  // Drizzle's `from` cannot take a generic table parameter; the row type is restored below.
  const source: PgTable = table;
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(source).where(where),
    db
      .select()
      .from(source)
      .where(where)
      .orderBy(...orderBy)
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage),
  ]);
  return { rows: rows as T['$inferSelect'][], totalItems: totals[0]?.total ?? 0 };
}

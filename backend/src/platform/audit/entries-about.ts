import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { adminAuditLog } from '../db/schema/index.ts';

export type AuditEntry = typeof adminAuditLog.$inferSelect;

/** Every audit entry about one subject (e.g. `customer:12`), oldest first, or the newest `limit` first. */
export function auditEntriesAbout(db: Db, subject: string, order: { newest: number } | 'oldest-first' = 'oldest-first'): Promise<AuditEntry[]> {
  const about = db.select().from(adminAuditLog).where(eq(adminAuditLog.subject, subject));
  return order === 'oldest-first' ? about.orderBy(asc(adminAuditLog.id)) : about.orderBy(desc(adminAuditLog.id)).limit(order.newest);
}

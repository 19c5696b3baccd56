import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { adminAuditLog } from '../db/schema/index.ts';
import type { Paging } from '../http/schemas.ts';
import { formatTimestamp } from '../time.ts';
import type { AuditDiff } from './config-diff.ts';

/** Who made a change: an admin (from the admin session or an admin token) or the system itself. */
export type AuditActor = { id: number; email: string } | 'system';

export interface AuditEntryInput {
  actor: AuditActor;
  /** "core" or a module id. */
  module: string;
  /** Dotted, e.g. "customer.status_changed", "config.updated". */
  action: string;
  /** What changed, e.g. "customer:12". */
  subject?: string;
  /** Usually from configDiff(); secrets already masked. */
  diff?: AuditDiff;
}

/**
 * Adds one entry to the admin audit log. Pass the transaction of the change as `db`, so the entry is
 * written if and only if the change commits.
 */
export async function recordAudit(db: Db, entry: AuditEntryInput): Promise<void> {
  const actor = entry.actor === 'system' ? { actorType: 'system' as const } : { actorType: 'admin' as const, actorId: entry.actor.id, actorEmail: entry.actor.email };
  await db.insert(adminAuditLog).values({ ...actor, module: entry.module, action: entry.action, subject: entry.subject ?? null, diff: entry.diff ?? null });
}

export interface AuditFilter {
  module?: string;
  /** An admin's email, or "system". */
  actor?: string;
}

/** The wire shape of an entry (GET /admin/audit-log and the admin page). */
export function auditEntryOut(row: typeof adminAuditLog.$inferSelect) {
  return {
    id: row.id,
    createdAt: formatTimestamp(row.createdAt),
    actor: { type: row.actorType, id: row.actorId, email: row.actorEmail },
    module: row.module,
    action: row.action,
    subject: row.subject,
    diff: row.diff,
  };
}

export type AuditEntry = ReturnType<typeof auditEntryOut>;

/** One page of the log, newest first, filtered by module and actor. */
export async function listAuditLog(db: Db, filter: AuditFilter, paging: Paging) {
  const conditions: SQL[] = [];
  if (filter.module) conditions.push(eq(adminAuditLog.module, filter.module));
  if (filter.actor) {
    const actor = filter.actor.trim().toLowerCase();
    conditions.push(actor === 'system' ? eq(adminAuditLog.actorType, 'system') : eq(adminAuditLog.actorEmail, actor));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.id))
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  return { member: rows.map(auditEntryOut), totalItems: total?.n ?? 0, page: paging.page, itemsPerPage: paging.itemsPerPage };
}

/** The modules that have entries, for the admin page's filter. */
export async function auditModules(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ module: adminAuditLog.module }).from(adminAuditLog).orderBy(adminAuditLog.module);
  return rows.map((row) => row.module);
}

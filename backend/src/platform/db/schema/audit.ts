import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, instant } from './columns.ts';

/**
 * The admin audit log (DECISIONS.md 25): who changed what, when. Rows are only ever added. The actor
 * is copied (id and email), not referenced, so the record outlives the admin account.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    createdAt: instant().notNull().defaultNow(),
    /** "admin" (a signed-in admin, panel or token) or "system" (schedules, module background work). */
    actorType: text({ enum: ['admin', 'system'] }).notNull(),
    actorId: integer(),
    actorEmail: text(),
    /** "core" or the id of the module that made the change. */
    module: text().notNull(),
    /** Dotted, e.g. "customer.group_changed", "config.updated". */
    action: text().notNull(),
    /** What was changed, e.g. "customer:12"; null for module-wide changes. */
    subject: text(),
    /** `{path: {from, to}}` (see platform/audit/config-diff.ts), secrets masked. */
    diff: jsonb().$type<Record<string, { from: unknown; to: unknown }>>(),
  },
  (table) => [index().on(table.module, table.id), index().on(table.actorEmail, table.id)],
);

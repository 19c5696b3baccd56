import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

/**
 * Fixed-window counters that protect the shop (sign-in throttle, forgot-password and form rate
 * limits). They live in the database, not in one process's memory, so a limit holds across every
 * backend process sharing the database.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** A namespaced key, e.g. "forgot:email:a@b.c" or "login:ip:203.0.113.9". */
    key: text().notNull(),
    windowStart: instant().notNull(),
    count: integer().notNull(),
    /** When the row may be deleted (the end of its window). */
    expiresAt: instant().notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

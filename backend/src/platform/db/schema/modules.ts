import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

/**
 * Each module's configuration as JSON, one row per module id (platform/modules/config-store.ts). Only the
 * fields an admin set are stored, so a module's new defaults apply to fields nobody changed; secret
 * fields hold AES-GCM envelopes, never clear text.
 */
export const moduleConfigs = pgTable('module_configs', {
  moduleId: text().primaryKey(),
  value: jsonb().$type<Record<string, unknown>>().notNull(),
  updatedAt: instant().notNull(),
});

/**
 * One row per run of a scheduled module job: the process that inserts the slot's row runs it, so
 * several backend processes sharing the database run each slot once.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text().notNull(),
    slot: instant().notNull(),
    startedAt: instant().notNull(),
  },
  (table) => [primaryKey({ columns: [table.job, table.slot] })],
);

/**
 * How far a catch-up job has done its work, one row per job: its next run covers the time from
 * `doneUntil` to its own start, so nothing is skipped while no process ran it and nothing is done
 * twice. Microsecond precision (not `instant()`'s seconds): the mark is the run's database clock,
 * and rounding it up could pass a moment the run did not yet cover.
 */
export const jobProgress = pgTable('job_progress', {
  job: text().primaryKey(),
  doneUntil: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});

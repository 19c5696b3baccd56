import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { RequestQueueLimits } from './request-queue.ts';

/** The query surface shared by the PGlite and node-postgres drivers (and their transactions). */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface MigrationTarget {
  folder: string;
  /** Where applied migrations are recorded (in the `drizzle` schema). */
  table: string;
}

export type Dialect = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  dialect: Dialect;
  /** How many requests may use it at once and when waiting for it is an overload (request-queue.ts, DECISIONS.md 58). */
  queueLimits: RequestQueueLimits;
  /**
   * Applies the core's migrations, or a module's (its folder, recorded in a table of its own, so a
   * module's migrations run only when it is loaded); safe to run on every start.
   */
  migrate(target?: MigrationTarget): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start other in-memory databases from (tests). */
  dumpDataDir?: () => Promise<Blob>;
}

/** Column naming shared by the app and drizzle-kit: camelCase in TypeScript, snake_case in SQL. */
export const casing = 'snake_case';

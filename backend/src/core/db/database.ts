import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The query surface shared by the PGlite and node-postgres drivers (and their transactions). */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Dialect = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  dialect: Dialect;
  /** Applies the migrations folder; safe to run on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start other in-memory databases from (tests). */
  dumpDataDir?: () => Promise<Blob>;
}

/** Column naming shared by the app and drizzle-kit: camelCase in TypeScript, snake_case in SQL. */
export const casing = 'snake_case';

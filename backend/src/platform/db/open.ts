import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { casing, type Database, type MigrationTarget } from './database.ts';
import { takeTurns } from './pglite-turns.ts';
import { overloadLimits } from './request-queue.ts';

/** Where drizzle-kit writes the core's SQL migrations (backend/drizzle). */
export const migrationsFolder = resolve(import.meta.dirname, '../../../drizzle');

const core: MigrationTarget = { folder: migrationsFolder, table: '__drizzle_migrations' };
const migratorConfig = (target: MigrationTarget) => ({ migrationsFolder: target.folder, migrationsTable: target.table });

export type OpenDatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string }
  /** Embedded PostgreSQL persisted in this directory. */
  | { dataDir: string }
  /** Embedded PostgreSQL in memory (tests), optionally starting from a dumped data directory. */
  | { memory: true; from?: Blob };

/** The extensions the migrations create (search: typo tolerance); PostgreSQL servers ship them as contrib. */
const pgliteExtensions = { pg_trgm, fuzzystrmatch };

/** What watches the statements sent: a drizzle Logger sees each one, in transactions too (`npm run bench` counts them). None by default. */
export interface StatementWatch {
  logger?: Logger;
}

export async function openDatabase(options: OpenDatabaseOptions, { logger }: StatementWatch = {}): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, logger);
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    const release = lockDataDir(options.dataDir);
    try {
      return await openPglite(new PGlite(options.dataDir, { extensions: pgliteExtensions }), release, logger);
    } catch (error) {
      release();
      throw error;
    }
  }
  return openPglite(new PGlite({ loadDataDir: options.from, extensions: pgliteExtensions }), undefined, logger);
}

/**
 * Requests served at once by the embedded database. It runs one query at a time on this thread, so
 * more requests in flight only interleave their queries (each admitted one takes longer); a few
 * overlap with it what is not the database (parsing, JSON, password hashing in the thread pool, a
 * payment provider's answer). Chosen by that reasoning, not tuned; checked with `npm run bench -- --only load`.
 */
const PGLITE_CONCURRENCY = 4;

/**
 * Connections to a PostgreSQL server, and so requests served at once: a request mostly uses one
 * connection at a time, so the pool's own wait (first come, first served, without a limit) stays
 * short, and the waiting happens in the fair queue, which refuses in time instead of leaving a
 * request waiting.
 */
const POSTGRES_POOL_SIZE = 10;

async function openPglite(client: PGlite, release?: () => void, logger?: Logger): Promise<Database> {
  await client.waitReady;
  takeTurns(client);
  const db = drizzlePglite({ client, casing, logger });
  return {
    db,
    dialect: 'pglite',
    queueLimits: { concurrency: PGLITE_CONCURRENCY, ...overloadLimits },
    migrate: (target = core) => migratePglite(db, migratorConfig(target)),
    close: async () => {
      await client.close();
      release?.();
    },
    dumpDataDir: async () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, logger?: Logger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POSTGRES_POOL_SIZE });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('idle PostgreSQL connection failed:', error.message));
  // Fail at startup, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, casing, logger });
  return {
    db,
    dialect: 'postgres',
    queueLimits: { concurrency: POSTGRES_POOL_SIZE, ...overloadLimits },
    migrate: (target = core) => migratePg(db, migratorConfig(target)),
    close: () => pool.end(),
  };
}

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp, type AppConfig, type ShopApp } from '../../src/app.ts';
import { RequestQueue } from '../../src/platform/db/request-queue.ts';
import { authSettings } from '../../src/platform/auth/settings.ts';
import type { Database, Dialect } from '../../src/platform/db/database.ts';
import { openDatabase } from '../../src/platform/db/open.ts';
import { testCatalogSize, visibleCatalogSize } from './catalog-size.ts';
import { databaseUrl } from './postgres-templates.ts';

/** PGlite always; a real PostgreSQL server too when TEST_DATABASE_URL points at one. */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export { testCatalogSize, visibleCatalogSize };

/** The body type is what the test expects (often z.infer of the route's schema); the assertions check it. */
export interface TestResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** What error answers look like; the default body type of send(). */
export interface ErrorAnswer {
  error: string;
  message: string;
  details?: unknown;
  error_description?: string;
}

export interface TestShop {
  app: ShopApp['app'];
  /** The app's modules (contexts, configurations, notification delivery). */
  modules: ShopApp['modules'];
  database: Database;
  /** PostgreSQL only: the database's URL, to open a second connection pool as another backend process would. */
  databaseUrl?: string;
  /** Unexpected errors the app logged (tests assert there were none). */
  loggedErrors: unknown[];
  /** GET a path and parse the JSON body. */
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: unknown }>;
  /** Any method; `json` is sent as JSON, `form` as application/x-www-form-urlencoded. */
  send<T = ErrorAnswer>(
    method: string,
    path: string,
    options?: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> },
  ): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/** Fixed key and no login slowdown, so tests are fast and tokens can be checked. */
export const testAuth = authSettings({ secret: 'test-secret-test-secret-test-secret-0123' });

type Content = 'migrated' | 'seeded';

export interface TestDatabase {
  database: Database;
  dispose: () => Promise<void>;
  /** PostgreSQL only: the database's URL, for a second connection pool (as another backend process). */
  url?: string;
}

/**
 * A fresh database of its own, migrated, and with the test catalog when `content` is "seeded":
 * in-memory PGlite started from the run's snapshot, or a uniquely named database on the server.
 */
export async function openTestDatabase(dialect: Dialect, content: Content = 'migrated'): Promise<TestDatabase> {
  if (dialect === 'pglite') {
    const snapshot = await readFile(inject('pgliteSnapshots')[content]);
    const database = await openDatabase({ memory: true, from: new Blob([snapshot]) });
    return { database, dispose: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  const templates = inject('postgresTemplates');
  if (!serverUrl || !templates) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: serverUrl, max: 1 });
  const adminDb = drizzle({ client: admin });
  // A copy of the run's template: already migrated (and seeded), so no per-file migrate or seed.
  await createFromTemplate(adminDb, name, templates[content]);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ url });
  return {
    database,
    url,
    dispose: async () => {
      await database.close();
      await dropWhenReleased(adminDb, name);
      await admin.end();
    },
  };
}

/** CREATE DATABASE … TEMPLATE needs the template to itself; two files copying at once can collide, so retry. */
async function createFromTemplate(adminDb: ReturnType<typeof drizzle>, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminDb.execute(sql`create database ${sql.identifier(name)} template ${sql.identifier(template)}`);
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(String(error.cause ?? error.message));
      if (!busy || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}

/**
 * pg's pool.end() resolves before the server has seen every connection close, and DROP DATABASE refuses
 * while connections remain ("object in use"); wait for them rather than killing them with FORCE, which
 * would surface as errors on the closing clients.
 */
async function dropWhenReleased(adminDb: ReturnType<typeof drizzle>, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminDb.execute(sql`drop database if exists ${sql.identifier(name)}`);
      return;
    } catch (error) {
      const inUse = error instanceof Error && 'code' in error && error.code === '55006';
      if (!inUse || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Tests sign many accounts up from one address; the sign-up limits' own tests pass the real ones. */
const manySignUps = { perIp: 10_000, perEmail: 10_000 };

/** The app over a fresh database holding the test catalog. */
export async function openTestShop(dialect: Dialect, config: AppConfig = {}): Promise<TestShop> {
  const { database, dispose, url } = await openTestDatabase(dialect, 'seeded');
  const loggedErrors: unknown[] = [];
  // An app that refuses to start (a test of startup checks) must not leave its database behind.
  const { app, modules, stop } = await createApp({
    database,
    config: {
      auth: testAuth,
      env: {},
      notifications: { pollMs: 20, retryBaseMs: 20 },
      // The database's own queue, but without the 5 s wait limit: a busy CI machine must not turn a slow
      // burst of a test into 503s. database-queue.test.ts tests the limits themselves.
      databaseQueue: new RequestQueue({ ...database.queueLimits, maxWaitMs: 120_000 }),
      registrationLimits: manySignUps,
      ...config,
      logError: (_message, cause) => loggedErrors.push(cause),
    },
  }).catch(async (error: unknown) => {
    await dispose();
    throw error;
  });
  return {
    async send<T>(method: string, path: string, { json, form, headers = {} }: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (json !== undefined) {
        init.body = JSON.stringify(json);
        init.headers = { 'content-type': 'application/json', ...headers };
      } else if (form !== undefined) {
        init.body = new URLSearchParams(form).toString();
        init.headers = { 'content-type': 'application/x-www-form-urlencoded', ...headers };
      }
      const response = await app.request(path, init);
      const text = await response.text();
      const isJson = response.headers.get('content-type')?.includes('application/json');
      const body: T = isJson ? JSON.parse(text) : { text };
      return { status: response.status, headers: response.headers, body };
    },
    app,
    modules,
    database,
    databaseUrl: url,
    loggedErrors,
    async get(path, headers = {}) {
      const response = await app.request(path, { headers });
      const text = await response.text();
      const isJson = response.headers.get('content-type')?.includes('application/json');
      return { status: response.status, headers: response.headers, body: isJson ? JSON.parse(text) : text };
    },
    async close() {
      await stop();
      await dispose();
    },
  };
}

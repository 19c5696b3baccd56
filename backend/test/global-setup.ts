import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/open.ts';
import { seedDemoData } from '../src/demo/seed.ts';
import { testCatalogSize } from './helpers/catalog-size.ts';
import { createPostgresTemplates } from './helpers/postgres-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarballs of PGlite data directories, made once per run: starting from one skips initdb (~2 s per file). */
    pgliteSnapshots: { migrated: string; seeded: string };
    /**
     * With TEST_DATABASE_URL: databases migrated (and seeded) once per run; each test file copies one
     * with CREATE DATABASE … TEMPLATE instead of migrating and seeding its own (seconds per file).
     */
    postgresTemplates: { migrated: string; seeded: string } | null;
  }
}

async function dump(database: Awaited<ReturnType<typeof openDatabase>>, path: string): Promise<void> {
  if (!database.dumpDataDir) throw new Error('PGlite databases can be dumped');
  await writeFile(path, new Uint8Array(await (await database.dumpDataDir()).arrayBuffer()));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'backend-tests-'));
  const snapshots = { migrated: join(dir, 'migrated.tar'), seeded: join(dir, 'seeded.tar') };
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    await dump(database, snapshots.migrated);
    await seedDemoData(database.db, { products: testCatalogSize });
    await dump(database, snapshots.seeded);
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshots', snapshots);
  const templates = process.env.TEST_DATABASE_URL ? await createPostgresTemplates(process.env.TEST_DATABASE_URL) : undefined;
  project.provide('postgresTemplates', templates?.names ?? null);
  return async () => {
    await templates?.drop();
    await rm(dir, { recursive: true, force: true });
  };
}

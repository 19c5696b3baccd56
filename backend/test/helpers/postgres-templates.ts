import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase } from '../../src/platform/db/open.ts';
import { seedDemoData } from '../../src/demo/seed.ts';
import { testCatalogSize } from './catalog-size.ts';

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Makes the migrated and the seeded template databases of a run on the test server; drop() removes them. */
export async function createPostgresTemplates(serverUrl: string) {
  const suffix = randomBytes(4).toString('hex');
  const names = { migrated: `tmpl_migrated_${suffix}`, seeded: `tmpl_seeded_${suffix}` };
  const admin = new pg.Pool({ connectionString: serverUrl, max: 1 });
  const adminDb = drizzle({ client: admin });
  for (const [content, name] of Object.entries(names)) {
    await adminDb.execute(sql`create database ${sql.identifier(name)}`);
    const database = await openDatabase({ url: databaseUrl(serverUrl, name) });
    try {
      await database.migrate();
      if (content === 'seeded') await seedDemoData(database.db, { products: testCatalogSize });
    } finally {
      await database.close();
    }
  }
  return {
    names,
    async drop() {
      for (const name of Object.values(names)) await adminDb.execute(sql`drop database if exists ${sql.identifier(name)} with (force)`);
      await admin.end();
    },
  };
}

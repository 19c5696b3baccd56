import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/ports.ts';
import { startBackend } from '../../scripts/lib/processes.ts';

/** The administrator every test shop has (the backend ensures it at each start). */
export const TEST_ADMIN = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Admin#Test2026' };

/**
 * An embedded database as the backend leaves it after its first start: migrated, with the demo catalog
 * and the modules' demo data. Each test shop starts from a copy, which skips initdb, migrations and the
 * seed (about 3 s a shop) and gives every file the same demo content `npm start` gives a user.
 */
export async function seededBackendTemplate(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'shop-template-'));
  const dir = join(root, 'pglite');
  const backend = await startBackend({ port: await freePort(), env: { PGLITE_DIR: dir, ...TEST_ADMIN } });
  await backend.stop();
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}

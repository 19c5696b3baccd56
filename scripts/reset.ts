/**
 * `npm run reset`: wipes the local database and the storefront's KV and seeds the demo catalog
 * again; the next `npm start` syncs it from scratch. `.env` (the secrets) is kept.
 */
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureLocalEnv } from './lib/local-env.ts';
import { ROOT } from './lib/processes.ts';

for (const dir of ['.data', '.wrangler/state']) {
  await rm(join(ROOT, dir), { recursive: true, force: true });
  console.log(`removed ${dir}/`);
}
const { values } = await ensureLocalEnv();
const seed = spawnSync(process.execPath, ['backend/src/cli/seed.ts', ...process.argv.slice(2)], {
  cwd: ROOT,
  env: { ...process.env, ...values },
  stdio: 'inherit',
});
process.exitCode = seed.status ?? 1;

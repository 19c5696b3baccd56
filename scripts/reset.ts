/**
 * `npm run reset`: wipes the local database and the storefront's KV, so the next `npm start`
 * seeds the demo catalog again and syncs it from scratch. `.env` (secrets) is kept.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './lib/processes.ts';

for (const dir of ['.data', '.wrangler/state']) {
  await rm(join(ROOT, dir), { recursive: true, force: true });
  console.log(`removed ${dir}/`);
}
console.log('Reset done: `npm start` seeds the demo data and syncs again.');

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';

/**
 * `npm run db:generate:module -w backend -- <module-id> [name]`: drizzle-kit generates the module's
 * migration from its `tables.ts` into its own `migrations/` folder, so the core's migrations never
 * hold a module's tables.
 */
const [moduleId, name = 'migration'] = process.argv.slice(2);
if (!moduleId || !/^[a-z][a-z0-9-]*$/.test(moduleId)) {
  console.error('usage: npm run db:generate:module -w backend -- <module-id> [name]');
  process.exit(2);
}
const folder = resolve(import.meta.dirname, '../modules', moduleId);
if (!existsSync(resolve(folder, 'tables.ts'))) {
  console.error(`${folder}/tables.ts does not exist.`);
  process.exit(2);
}
// drizzle-kit prefixes the output folder with './', so an absolute path would not be found: pass them relative.
const here = (path: string) => relative(process.cwd(), path);
const args = ['drizzle-kit', 'generate', '--dialect=postgresql', `--schema=${here(resolve(folder, 'tables.ts'))}`, `--out=${here(resolve(folder, 'migrations'))}`, '--casing=snake_case', `--name=${name}`];
process.exit(spawnSync('npx', args, { stdio: 'inherit' }).status ?? 1);

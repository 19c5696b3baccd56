import { parseArgs } from 'node:util';
import { DataDirInUseError } from '../platform/db/data-dir-lock.ts';
import { openDatabase } from '../platform/db/open.ts';
import { defaultDemoOptions } from '../demo/generate.ts';
import { DatabaseNotEmptyError, seedDemoData } from '../demo/seed.ts';
import { createApp } from '../app.ts';
import { adminFromEnv, appConfigFromEnv, databaseTarget, EnvError, parseEnv } from '../env.ts';
import { availableModules, selectModules } from '../modules/index.ts';

const usage = `Usage: npm run seed -w backend -- [--products N] [--seed N] [--reset]

Fills the database (DATABASE_URL, else PGlite in PGLITE_DIR) with the demo catalog and the loaded
modules' demo data (MODULES, as the backend reads it).
  --products N  products with a page of their own (default ${defaultDemoOptions.products}; variants come on top)
  --seed N      generator seed (default ${defaultDemoOptions.seed}); the same seed gives the same catalog
  --reset       empty every table first (required when the database has data)
Stop the backend first when it uses PGlite: the data directory has one owner at a time.`;

class UsageError extends Error {}

function readArguments(args: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { products: { type: 'string' }, seed: { type: 'string' }, reset: { type: 'boolean' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const positive = (name: string, value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) throw new UsageError(`--${name} must be a positive integer, got "${value}"`);
    return number;
  };
  return {
    help: values.help ?? false,
    reset: values.reset ?? false,
    products: positive('products', values.products, defaultDemoOptions.products),
    seed: positive('seed', values.seed, defaultDemoOptions.seed),
  };
}

async function main(): Promise<void> {
  const options = readArguments(process.argv.slice(2));
  if (options.help) {
    console.log(usage);
    return;
  }
  const env = parseEnv();
  const database = await openDatabase(databaseTarget(env));
  try {
    await database.migrate();
    const report = await seedDemoData(database.db, { ...options, admin: adminFromEnv(env) });
    const seconds = (report.milliseconds / 1000).toFixed(1);
    console.log(`seeded ${report.products} products (+${report.variants} variants) in ${seconds} s (${database.dialect})`);
    // The modules migrate their own tables when the app is built; their demo data needs them.
    const app = await createApp({ database, config: { ...appConfigFromEnv(env), modules: selectModules(env.MODULES, await availableModules()) } });
    try {
      await app.modules.seedDemo();
    } finally {
      await app.stop();
    }
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
  else if (error instanceof EnvError || error instanceof DatabaseNotEmptyError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
}

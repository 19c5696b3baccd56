import type { Db } from '../platform/db/database.ts';
import { type DemoOptions, defaultDemoOptions, generateDemoCatalog } from './generate.ts';
import { type AdminAccount, clearDatabase, isDatabaseEmpty, writeDemoCatalog } from './write.ts';

export interface SeedOptions extends Partial<DemoOptions> {
  /** Created (hashed) alongside the catalog when given. */
  admin?: AdminAccount;
  /** Empty every table first; without it, seeding a database that has data is refused. */
  reset?: boolean;
}

export interface SeedReport {
  products: number;
  variants: number;
  milliseconds: number;
}

export class DatabaseNotEmptyError extends Error {
  constructor() {
    super('The database already has data; pass --reset to replace it with the demo catalog.');
    this.name = 'DatabaseNotEmptyError';
  }
}

export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedReport> {
  const started = performance.now();
  if (options.reset) await clearDatabase(db);
  else if (!(await isDatabaseEmpty(db))) throw new DatabaseNotEmptyError();
  const catalog = generateDemoCatalog({
    products: options.products ?? defaultDemoOptions.products,
    seed: options.seed ?? defaultDemoOptions.seed,
  });
  await writeDemoCatalog(db, catalog, options.admin);
  const variants = catalog.products.filter((p) => p.visibility === 'not_visible').length;
  return { products: catalog.products.length - variants, variants, milliseconds: Math.round(performance.now() - started) };
}

import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { categories, products } from '../../platform/db/schema/index.ts';

/** URL keys of saved products: the names of their partial sync (DECISIONS.md 46) and, with a slash, their paths. */
export async function productUrlKeys(db: Db, ids: readonly number[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return (await db.select({ key: products.urlKey }).from(products).where(inArray(products.id, unique))).map((row) => row.key);
}

/** Storefront paths of saved categories (`/{urlPath}`), for the zone purge after their sync. */
export async function categoryPaths(db: Db, ids: readonly number[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return (await db.select({ key: categories.urlPath }).from(categories).where(inArray(categories.id, unique))).map((row) => `/${row.key}`);
}

import type { ModuleContext } from '../../platform/modules/context.ts';

type CatalogContext = Pick<ModuleContext, 'catalog'>;

/** URL keys of saved products: the names of their partial sync (DECISIONS.md 46) and, with a slash, their paths. */
export function productUrlKeys(ctx: CatalogContext, ids: readonly number[]): Promise<string[]> {
  return ctx.catalog.productUrlKeys([...new Set(ids)]);
}

/** Storefront paths of saved categories (`/{urlPath}`), for the zone purge after their sync. */
export async function categoryPaths(ctx: CatalogContext, ids: readonly number[]): Promise<string[]> {
  return (await ctx.catalog.categoryUrlPaths([...new Set(ids)])).map((path) => `/${path}`);
}

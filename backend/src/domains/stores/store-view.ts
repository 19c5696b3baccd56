import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../../platform/db/database.ts';
import { stores } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { StoreEnv } from '../../platform/http/context.ts';

export type StoreView = typeof stores.$inferSelect;

export const storeHeader = 'x-store-code';

/** The store view a request asks for: the header wins over `?store=`; blank means the default store. */
export function requestedStoreCode(header: string | undefined, query: string | undefined): string | undefined {
  const code = (header ?? query ?? '').trim();
  return code === '' ? undefined : code;
}

export async function findStoreView(db: Db, code: string | undefined): Promise<StoreView> {
  const condition = code === undefined ? eq(stores.isDefault, true) : eq(stores.code, code);
  const [store] = await db.select().from(stores).where(condition).limit(1);
  if (!store) {
    throw code === undefined
      ? new AppError('unavailable', 'store_not_configured', 'No default store view is configured.')
      : new AppError('not_found', 'store_not_found', `Unknown store view "${code}".`);
  }
  return store;
}

/** Resolves the store view once per request and exposes it as `c.var.store`. */
export const resolveStoreView = createMiddleware<StoreEnv>(async function resolveStoreView(c, next) {
  const code = requestedStoreCode(c.req.header(storeHeader), c.req.query('store'));
  c.set('store', await findStoreView(c.var.db, code));
  await next();
});

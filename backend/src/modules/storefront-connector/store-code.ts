import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { stores } from '../../platform/db/schema/index.ts';
import { CallFailed } from './http-call.ts';

/**
 * The store view the connector's syncs name (`?store=`): the *Worker Store Code* when set, else the
 * backend's default store, as SPEC.md says blank means. Never "every store": a worker serving other
 * store views gets their code set here, or a sync of its own (`POST /sync` without `store`).
 */
export async function syncStoreCode(db: Db, configured: string): Promise<string> {
  if (configured) return configured;
  const [store] = await db.select({ code: stores.code }).from(stores).where(eq(stores.isDefault, true)).limit(1);
  if (!store) throw new CallFailed('The backend has no default store, and Worker Store Code is blank.', undefined, false);
  return store.code;
}

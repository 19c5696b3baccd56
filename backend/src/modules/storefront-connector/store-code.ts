import type { ModuleContext } from '../../platform/modules/context.ts';
import { CallFailed } from './http-call.ts';

/**
 * The store view the connector's syncs name (`?store=`): the *Worker Store Code* when set, else the
 * backend's default store, as SPEC.md says blank means. Never "every store": a worker serving other
 * store views gets their code set here, or a sync of its own (`POST /sync` without `store`).
 */
export async function syncStoreCode(ctx: Pick<ModuleContext, 'stores'>, configured: string): Promise<string> {
  if (configured) return configured;
  const store = await ctx.stores.defaultStore();
  if (!store) throw new CallFailed('The backend has no default store, and Worker Store Code is blank.', undefined, false);
  return store.code;
}

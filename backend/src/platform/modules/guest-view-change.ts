/**
 * A module configuration saved can change what guests see without any record being saved
 * (DECISIONS.md 62): its discovery answer (the storefront keeps it in its store config: login wall,
 * messages, which forms and links to show) or its catalog annotations (hidden prices, gate flags).
 * Such a save announces `guest_view_changed`, in its transaction, and the storefront connector syncs
 * what it names, so the storefront follows within seconds instead of at the next scheduled sync.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../db/database.ts';
import type { AnyModule } from './define-module.ts';
import type { ModulePlatform } from './platform.ts';

/** The module's discovery answer for a configuration (as stored, secrets masked), or a marker it cannot be read. */
async function discoveryOf(platform: ModulePlatform, module: AnyModule, view: unknown, db: Db): Promise<unknown> {
  if (!module.discovery || !module.config) return null;
  const parsed = module.config.safeParse(view);
  // A configuration that does not parse as a view cannot be compared: count it as changed.
  if (!parsed.success) return Symbol('unreadable');
  return module.discovery.answer(parsed.data, platform.context(module.id, { db }));
}

/** Whether saving the module's configuration can change what guests see (its admin page then follows the save to the storefront). */
export function configReachesGuests(module: AnyModule): boolean {
  return module.discovery !== undefined || (module.annotations?.length ?? 0) > 0;
}

/**
 * Publishes in `tx` what the change from `before` to `after` (configuration views) means for guests.
 * A module that guests cannot see through announces nothing; one that they can always announces, even
 * a save that changed nothing, so the admin's save-status line gets its answer (a store config sync).
 */
export async function announceConfigChange(platform: ModulePlatform, module: AnyModule, before: unknown, after: unknown, tx: Db): Promise<void> {
  if (!configReachesGuests(module)) return;
  const changed = !isDeepStrictEqual(before, after);
  const storeConfig = changed && !isDeepStrictEqual(await discoveryOf(platform, module, before, tx), await discoveryOf(platform, module, after, tx));
  // Annotations are decided per product from the whole configuration: which products moved cannot be told.
  const annotates = changed && (module.annotations?.length ?? 0) > 0;
  await platform.notifications.publish(tx, 'guest_view_changed', { productIds: annotates ? null : [], storeConfig });
}

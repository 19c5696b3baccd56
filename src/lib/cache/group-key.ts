/**
 * The one name of a signed-in customer's shared cached view (DECISIONS.md 31, 48): their customer
 * group, and their country too while a B2B Access rule names countries (the access module's
 * discovery answer says `variesByCountry`), since then two customers of one group may see different
 * prices or products. `group-{id}` or `group-{id}-{CC}` / `group-{id}-none` (no default shipping
 * address); for a customer priced by price lists, `pl-{hash}-group-{id}…` (their price-list set, from
 * the backend: never a customer id). Nothing else of the customer ever splits the cache.
 */
import { accessSettings } from '../catalog/b2b-manifests.ts';
import { contentStore } from '../content/content-store.ts';
import type { Session } from '../session/session-token.ts';

export function groupCacheKey(session: Pick<Session, 'groupId' | 'country' | 'viewKey'>, variesByCountry: boolean): string {
  const group = variesByCountry ? `group-${session.groupId}-${session.country ?? 'none'}` : `group-${session.groupId}`;
  // A buyer priced by price lists (DECISIONS.md 60) shares the view of their price-list set. The group
  // stays in the key: B2B Access decides per group first, so one set seen by two groups may differ.
  return session.viewKey ? `${session.viewKey}-${group}` : group;
}

/** The group key of a request's session (null: a guest), with `variesByCountry` from the store config the sync wrote (a memoized KV read). */
export async function requestGroupKey(session: Session | null, kv: KVNamespace, store: string): Promise<string | null> {
  if (!session) return null;
  const config = await contentStore(kv, store).config();
  return groupCacheKey(session, config ? accessSettings(config).variesByCountry : false);
}

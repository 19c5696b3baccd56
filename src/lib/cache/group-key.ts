/**
 * The one name of a signed-in customer's shared cached view (DECISIONS.md 31, 48): their customer
 * group, and their country too while a B2B Access rule names countries (the access module's
 * discovery answer says `variesByCountry`), since then two customers of one group may see different
 * prices or products. `group-{id}` or `group-{id}-{CC}` / `group-{id}-none` (no default shipping
 * address). Nothing else of the customer ever splits the cache.
 */
import { accessSettings } from '../catalog/b2b-manifests.ts';
import { contentStore } from '../content/content-store.ts';
import type { Session } from '../session/session-token.ts';

export function groupCacheKey(session: Pick<Session, 'groupId' | 'country'>, variesByCountry: boolean): string {
  return variesByCountry ? `group-${session.groupId}-${session.country ?? 'none'}` : `group-${session.groupId}`;
}

/** The group key of a request's session (null: a guest), with `variesByCountry` from the store config the sync wrote (a memoized KV read). */
export async function requestGroupKey(session: Session | null, kv: KVNamespace, store: string): Promise<string | null> {
  if (!session) return null;
  const config = await contentStore(kv, store).config();
  return groupCacheKey(session, config ? accessSettings(config).variesByCountry : false);
}

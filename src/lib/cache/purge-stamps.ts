/**
 * The local purge of every copy of a path (DECISIONS.md 53). A purge knows the guest copy's key and
 * deletes it, but a customer group's copy is keyed by a viewer segment that the cache-key function
 * decides (the group, or the group and country, DECISIONS.md 48), other query strings (`?page=2`,
 * `?sort=`) have copies of their own, and the Cache API cannot list keys. So a purge also leaves a
 * stamp per page path in the same data centre's cache, and any copy of the path stored before the
 * stamp counts as a miss: the same reach as the `p-` tag purged in every data centre. Chosen over
 * enumerating groups and countries: that list moves with every B2B rule, would be read on every
 * purge, and would tie this module to one key shape. The cost is one Cache API lookup, made
 * alongside the page's own, on a hit that the isolate's hot-page memo did not answer.
 */

/** When the copy was stored (epoch ms: the start of the request that rendered it). */
export const STORED_AT_HEADER = 'X-Edge-Stored-At';

/** Longer than any copy lives (edge-cache.ts stores none beyond a day), so no copy outlives its stamp. */
const STAMP_CACHE_CONTROL = 'public, max-age=86400';

/** Path-only, like the `p-` tag: a purge of `/gear` also reaches `/gear?page=2`. */
export function stampKey(url: URL, store: string): string {
  return `${url.origin}/_edge-cache/_purged/${encodeURIComponent(store)}${url.pathname}`;
}

export async function writeStamps(cache: Cache, keys: Iterable<string>, now: number = Date.now()): Promise<void> {
  const headers = { 'Cache-Control': STAMP_CACHE_CONTROL, 'Content-Type': 'text/plain' };
  await Promise.all([...new Set(keys)].map((key) => cache.put(key, new Response(String(now), { headers }))));
}

/** When the path was last purged in this data centre, or null. */
export async function lastPurge(cache: Cache, key: string): Promise<number | null> {
  const stamp = await cache.match(key);
  if (!stamp) return null;
  const at = Number(await stamp.text());
  return Number.isFinite(at) ? at : null;
}

/**
 * Whether a stored copy predates the last purge of its path. A render that began before the purge
 * and was stored after it carries its start time, so it counts as stale too; a copy without the
 * header (stored before this rule) is stale whenever a stamp exists.
 */
export function purgedSinceStored(copy: Response, purgedAt: number | null): boolean {
  if (purgedAt === null) return false;
  const storedAt = Number(copy.headers.get(STORED_AT_HEADER));
  return !(storedAt > purgedAt);
}

/**
 * The `Cache-Tag` values of the storefront's edge-cached pages and the Cloudflare purge-by-tag call
 * (DECISIONS.md 53). The worker stores the tags with every copy and purges them; the backend's
 * storefront connector purges them after a save. One module, so both sides name the same copies
 * (Web Crypto: Node and workerd alike).
 */

/** Cloudflare's API; a test (or a proxy) stands another origin in. */
export const CLOUDFLARE_API_ORIGIN = 'https://api.cloudflare.com';

/** Tags per purge_cache call: DECISIONS.md 53 (Cloudflare accepts more today, 100 operations a call). */
export const PURGE_TAGS_PER_CALL = 30;

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * `p-{first 16 hex of sha1(path)}`: every copy of a page path, in every store, version and
 * customer group. Only the path counts (the query string does not), so purging `/gear` also
 * purges `/gear?page=2`; the path is normalized as a URL would encode it, so the backend's
 * `/{urlKey}` and the worker's `url.pathname` give one tag.
 */
export async function pathTag(path: string): Promise<string> {
  const { pathname } = new URL(path, 'http://storefront.invalid');
  return `p-${hex(await crypto.subtle.digest('SHA-1', encoder.encode(pathname))).slice(0, 16)}`;
}

/** Every copy stored under one version tag (`pulse` hash + ASSET_HASH). */
export const versionCacheTag = (versionTag: string) => `v-${versionTag}`;
/** Every copy of one store view. */
export const storeCacheTag = (store: string) => `s-${store}`;
/** Every copy of one signed-in view (the group key the cache key carries). */
export const viewerCacheTag = (viewerKey: string) => `g-${viewerKey}`;

/** The `Cache-Tag` header of a stored copy. */
export const cacheTagHeader = (tags: readonly string[]) => tags.join(',');

/** Distinct tags in purge_cache bodies of at most PURGE_TAGS_PER_CALL. */
export function purgeTagBodies(tags: readonly string[]): Array<{ tags: string[] }> {
  const unique = [...new Set(tags)];
  const bodies: Array<{ tags: string[] }> = [];
  for (let i = 0; i < unique.length; i += PURGE_TAGS_PER_CALL) bodies.push({ tags: unique.slice(i, i + PURGE_TAGS_PER_CALL) });
  return bodies;
}

/** `POST {origin}/client/v4/zones/{zone}/purge_cache`. */
export const purgeCacheUrl = (apiOrigin: string, zoneId: string) =>
  `${apiOrigin.replace(/\/+$/, '')}/client/v4/zones/${encodeURIComponent(zoneId)}/purge_cache`;

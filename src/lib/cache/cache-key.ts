/**
 * Edge-cache keys. A key is a URL on the request's own host (Cloudflare advises against other
 * hostnames in Cache API keys) whose path starts with the version tag and the store view, so a new
 * `pulse` or a new build (ASSET_HASH) makes every older entry unreachable at once.
 */

const KEY_PREFIX = '/_edge-cache';

/** Query parameters that only feed analytics: they do not change a page, so they do not split the cache. */
const TRACKING_PARAMETER = /^(utm_[a-z]+|gclid|fbclid|msclkid|mc_cid|mc_eid)$/i;

/** `pulse` hash and asset hash; before the first sync the data half is `unsynced`. */
export function versionTag(pulseHash: string | null | undefined, assetHash: string): string {
  return `${pulseHash ?? 'unsynced'}.${assetHash}`;
}

/** The query string without tracking parameters, sorted, so equivalent URLs share one entry. */
export function normalizedSearch(params: URLSearchParams): string {
  const kept = [...params].filter(([name]) => !TRACKING_PARAMETER.test(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length === 0 ? '' : `?${new URLSearchParams(kept).toString()}`;
}

/**
 * The Cache API key of a page URL, for one version tag and store view, and for a signed-in
 * customer's group key (group-key.ts: the group, and the country while rules name countries, from
 * the signed session cookie; nothing personal). Guests (`group` null) keep the keys they always had.
 */
export function cacheKey(url: URL, tag: string, store: string, group: string | null = null): string {
  const viewer = group === null ? '' : `/${encodeURIComponent(group)}`;
  const scope = `${KEY_PREFIX}/${encodeURIComponent(tag)}/${encodeURIComponent(store)}${viewer}`;
  const search = url.search === '' ? '' : normalizedSearch(url.searchParams);
  return `${url.origin}${scope}${url.pathname}${search}`;
}

/**
 * Which page URLs a purge entry names. An absolute URL names itself (on a host of this worker); a
 * path names that page on every host of the worker: the one the request came to and the hosts of
 * STORES (same scheme and port), since the same path exists in every store view.
 */

export type PurgeTarget = { urls: URL[] } | { error: string };

export interface PurgeHosts {
  /** The origin of the purge request. */
  requestUrl: URL;
  /** Host names of the STORES var (each possibly with a port). */
  storeHosts: string[];
}

/** Every origin of this worker we know of, deduplicated. */
export function knownOrigins({ requestUrl, storeHosts }: PurgeHosts): string[] {
  const port = requestUrl.port ? `:${requestUrl.port}` : '';
  const origins = new Set([requestUrl.origin]);
  for (const host of storeHosts) origins.add(`${requestUrl.protocol}//${host.includes(':') ? host : `${host}${port}`}`);
  return [...origins];
}

export function purgeTarget(entry: string, hosts: PurgeHosts): PurgeTarget {
  if (entry.startsWith('/') && !entry.startsWith('//')) {
    return { urls: knownOrigins(hosts).map((origin) => new URL(entry, origin)) };
  }
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return { error: 'must be a root-relative path or an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'must be an http(s) URL' };
  const known = knownOrigins(hosts).map((origin) => new URL(origin).host);
  if (!known.includes(url.host) && !hosts.storeHosts.includes(url.hostname)) return { error: 'is not a host of this storefront' };
  return { urls: [url] };
}

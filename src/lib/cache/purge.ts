/**
 * Purging edge-cached pages (DECISIONS.md 7, 53). In this data centre: the guest copies under the
 * *current* version tag (read from KV now rather than from the per-isolate memo, so the keys are
 * the ones the cache uses) are deleted, and every customer group's copy of the paths is made stale
 * by a stamp (purge-stamps.ts). In every data centre, when the worker has a Cloudflare zone and
 * token: the paths' `p-` tags, which every copy of them carries, through the Cloudflare API.
 */
import { pathTag } from '../../../contracts/cache-tags.ts';
import { readPulse } from '../content/content-store.ts';
import { cacheKey, versionTag } from './cache-key.ts';
import { defaultCache } from './default-cache.ts';
import { purgeTagsEverywhere, type CloudflareZone } from './global-purge.ts';
import { forgetHotPages } from './hot-pages.ts';
import { stampKey, writeStamps } from './purge-stamps.ts';

export interface PurgeContext {
  kv: KVNamespace;
  assetHash: string;
  storeFor: (url: URL) => string;
  /** The zone to purge in every data centre; null: this data centre only. */
  cloudflare: CloudflareZone | null;
  cache?: Cache;
  send?: typeof fetch;
}

export interface PurgeOutcome {
  /** Guest copies that existed here and were deleted (group copies cannot be counted: they are stamped stale). */
  purged: number;
  /** Whether every data centre was purged too (through the Cloudflare API). */
  global: boolean;
}

/**
 * Purges these page URLs. The local part is done first and always; a failure of the Cloudflare
 * API after its retries throws GlobalPurgeFailed, for the caller to report.
 */
export async function purgePages(urls: readonly URL[], context: PurgeContext): Promise<PurgeOutcome> {
  const tag = versionTag((await readPulse(context.kv))?.hash, context.assetHash);
  const cache = context.cache ?? defaultCache();
  const keys = new Set(urls.map((url) => cacheKey(url, tag, context.storeFor(url))));
  forgetHotPages();
  const [results] = await Promise.all([
    Promise.all([...keys].map((key) => cache.delete(key))),
    writeStamps(cache, urls.map((url) => stampKey(url, context.storeFor(url)))),
  ]);
  const purged = results.filter(Boolean).length;
  if (!context.cloudflare || urls.length === 0) return { purged, global: false };
  const tags = await Promise.all([...new Set(urls.map((url) => url.pathname))].map((path) => pathTag(path)));
  await purgeTagsEverywhere(tags, context.cloudflare, context.send);
  return { purged, global: true };
}

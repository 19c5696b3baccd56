/**
 * Purging edge-cached pages (DECISIONS.md 7): the entries under the *current* version tag, read
 * from KV now rather than from the per-isolate memo, so the keys are the ones the cache uses.
 */
import { readPulse } from '../content/content-store.ts';
import { cacheKey, versionTag } from './cache-key.ts';
import { defaultCache } from './default-cache.ts';
import { forgetHotPages } from './hot-pages.ts';

export interface PurgeContext {
  kv: KVNamespace;
  assetHash: string;
  storeFor: (url: URL) => string;
  cache?: Cache;
}

/** Deletes the cached copies of these page URLs; answers how many existed. */
export async function purgePages(urls: readonly URL[], context: PurgeContext): Promise<number> {
  const tag = versionTag((await readPulse(context.kv))?.hash, context.assetHash);
  const cache = context.cache ?? defaultCache();
  const keys = new Set(urls.map((url) => cacheKey(url, tag, context.storeFor(url))));
  forgetHotPages();
  const results = await Promise.all([...keys].map((key) => cache.delete(key)));
  return results.filter(Boolean).length;
}

/**
 * Writes of single content records outside the sync (listing-stub refetch, `/freshness`,
 * `/cache/update`). Records that have an `updatedAt` keep it as key metadata, as the sync writes
 * them, so listings of keys (the sitemap) need no reads.
 */
import { forgetMemos } from '../cache/isolate-memo.ts';

/** SPEC.md sync rule 4: a full product fetched at request time lives 24 hours in KV. */
export const REFETCHED_PRODUCT_TTL_S = 86_400;
/** KV refuses expirations shorter than a minute. */
export const MIN_KV_TTL_S = 60;

export interface WriteOptions {
  /** Seconds until KV drops the entry; omitted means permanent. */
  ttl?: number;
  /** The record's `updatedAt`, kept as key metadata. */
  updatedAt?: string;
}

export async function writeRecord(kv: KVNamespace, key: string, value: unknown, options: WriteOptions = {}): Promise<void> {
  await kv.put(key, JSON.stringify(value), {
    ...(options.ttl === undefined ? {} : { expirationTtl: options.ttl }),
    ...(options.updatedAt === undefined ? {} : { metadata: { updatedAt: options.updatedAt } }),
  });
  // A write may be `pulse` itself; this isolate should not keep serving the old version tag.
  forgetMemos();
}

export async function deleteRecords(kv: KVNamespace, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => kv.delete(key)));
  forgetMemos();
}

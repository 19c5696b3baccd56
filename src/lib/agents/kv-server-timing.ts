/**
 * The KV operations a sitemap took, reported in a `Server-Timing` header: the proof, on the real
 * worker, that it stays within Workers' per-request limits (10,000 products cost 10 `list()` calls,
 * not 10,000 reads).
 */
import { countedKv } from '../content/counted-kv.ts';

export interface KvOperationCount {
  get: number;
  list: number;
}

/** The namespace, counting reads (with or without metadata) and listings into `count`. */
export function readCountedKv(kv: KVNamespace): { kv: KVNamespace; count: KvOperationCount } {
  const count: KvOperationCount = { get: 0, list: 0 };
  const counted = countedKv(kv, (operation) => {
    if (operation === 'get' || operation === 'getWithMetadata') count.get++;
    else if (operation === 'list') count.list++;
  });
  return { kv: counted, count };
}

/** The counts as `Server-Timing` metrics (W3C Server Timing; counts, not durations, in `desc`). */
export function kvServerTiming(count: KvOperationCount): string {
  return `kv-get;desc="${count.get}", kv-list;desc="${count.list}"`;
}

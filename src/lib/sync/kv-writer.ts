/**
 * Applies sync parts to KV: puts every entry whose content changed, then removes keys the backend
 * no longer has. Each entry carries a content hash in its key metadata; listing a part's prefixes
 * (needed anyway to find stale keys) returns those hashes, so unchanged records cost no write.
 * That keeps a no-op or small sync cheap, and within Workers' per-invocation KV operation budget.
 */
import type { SyncPart } from './parts.ts';

/** Parallel KV operations at once: enough to hide latency on a large first sync. */
const CONCURRENCY = 64;

export interface WriteReport {
  written: number;
  unchanged: number;
  deleted: number;
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += CONCURRENCY) {
    await Promise.all(items.slice(start, start + CONCURRENCY).map(run));
  }
}

/** Every key under a prefix with the content hash its metadata records (if any). */
async function listHashes(kv: KVNamespace, prefix: string, into: Map<string, string | undefined>): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await kv.list<{ hash?: string }>({ prefix, cursor });
    for (const key of page.keys) into.set(key.name, key.metadata?.hash);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

export async function writeParts(kv: KVNamespace, parts: SyncPart[]): Promise<WriteReport> {
  const existing = new Map<string, string | undefined>();
  for (const prefix of parts.flatMap((part) => part.ownedPrefixes)) await listHashes(kv, prefix, existing);

  const entries = parts.flatMap((part) => part.entries);
  const changed = entries.filter((entry) => existing.get(entry.key) !== entry.hash);
  await inBatches(changed, (entry) => kv.put(entry.key, entry.value, { metadata: { ...entry.metadata, hash: entry.hash } }));

  const kept = new Set(entries.map((entry) => entry.key));
  const stale = [...existing.keys()].filter((key) => !kept.has(key));
  await inBatches(stale, (key) => kv.delete(key));
  return { written: changed.length, unchanged: entries.length - changed.length, deleted: stale.length };
}

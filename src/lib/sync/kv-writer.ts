/** Applies sync parts to KV: puts every entry, then removes keys the backend no longer has. */
import type { KvEntry, SyncPart } from './parts.ts';

/** Parallel KV operations at once: enough to hide latency, few enough for Workers' limits. */
const CONCURRENCY = 32;

async function inBatches<T>(items: T[], run: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += CONCURRENCY) {
    await Promise.all(items.slice(start, start + CONCURRENCY).map(run));
  }
}

async function listKeys(kv: KVNamespace, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix, cursor });
    keys.push(...page.keys.map((key) => key.name));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return keys;
}

export async function writeParts(kv: KVNamespace, parts: SyncPart[]): Promise<void> {
  const entries: KvEntry[] = parts.flatMap((part) => part.entries);
  await inBatches(entries, (entry) =>
    kv.put(entry.key, entry.value, entry.metadata ? { metadata: entry.metadata } : undefined),
  );
  const written = new Set(entries.map((entry) => entry.key));
  for (const prefix of parts.flatMap((part) => part.ownedPrefixes)) {
    const stale = (await listKeys(kv, prefix)).filter((key) => !written.has(key));
    await inBatches(stale, (key) => kv.delete(key));
  }
}

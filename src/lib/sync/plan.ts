/**
 * A sync in two halves, so that each runs inside one Worker invocation's limits (README "Sync at
 * scale"): planning a part fetches and validates it and compares it with KV, writing nothing;
 * applying writes the planned operations, a bounded number at a time. Each entry carries a content
 * hash in its key metadata, and listing a prefix returns those hashes a thousand keys per operation,
 * so an unchanged record costs no write and comparing a large part costs few KV operations.
 */
import pLimit from 'p-limit';
import type { BackendClient } from '../backend-client.ts';
import { buildPart, ownedPrefixes, type KvEntry, type SyncType } from './parts.ts';
import { digestEntries } from './pulse.ts';

/** One KV write of a plan: a put carries the value and the metadata (with the hash) to store. */
export type KvOp = { kind: 'put'; key: string; value: string; metadata: Record<string, string> } | { kind: 'delete'; key: string };

/** What a part (one store's one type) changes in KV, and its digest for the next pulse. */
export interface PartPlan {
  store: string;
  type: SyncType;
  /** Records of the type (the answer's `synced` counts). */
  count: number;
  /** Puts first (records before the listings naming them), deletes after. */
  ops: KvOp[];
  /** Entries already holding their value. */
  unchanged: number;
  /** The part's next digest; null when a named sync changed nothing (the pulse stays). */
  digest: string | null;
}

export const putOf = (entry: KvEntry): KvOp => ({ kind: 'put', key: entry.key, value: entry.value, metadata: { ...entry.metadata, hash: entry.hash } });

/** Every key under the prefixes with the content hash its metadata records (none for a key with a TTL). */
export async function listHashes(kv: KVNamespace, prefixes: readonly string[]): Promise<Map<string, string | undefined>> {
  const hashes = new Map<string, string | undefined>();
  await Promise.all(
    prefixes.map(async (prefix) => {
      let cursor: string | undefined;
      do {
        const page = await kv.list<{ hash?: string }>({ prefix, cursor });
        // A key that expires (a listing-stub refetch, a `/cache/update` with a TTL) counts as
        // changed, so the sync writes it again without one (DECISIONS.md 52).
        for (const key of page.keys) hashes.set(key.name, key.expiration === undefined ? key.metadata?.hash : undefined);
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
    }),
  );
  return hashes;
}

/**
 * Plans one part of a full or partial sync: its entries that do not hold their hash yet are put,
 * the keys it owns that it no longer has are deleted (gone from the backend). Keys outside the
 * owned prefixes (config, the category tree, countries: one key each) are read one by one.
 */
export async function planPart(client: BackendClient, kv: KVNamespace, store: string, type: SyncType): Promise<PartPlan> {
  const part = await buildPart(client, store, type);
  const prefixes = ownedPrefixes(store, type);
  const hashes = await listHashes(kv, prefixes);
  const single = part.entries.filter((entry) => !prefixes.some((prefix) => entry.key.startsWith(prefix)));
  const read = await Promise.all(single.map((entry) => kv.getWithMetadata<{ hash?: string }>(entry.key, 'text')));
  const current = new Map(single.map((entry, index) => [entry.key, read[index]!.metadata?.hash]));
  const holds = (entry: KvEntry) => (hashes.has(entry.key) ? hashes.get(entry.key) : current.get(entry.key)) === entry.hash;
  const changed = part.entries.filter((entry) => !holds(entry));
  const kept = new Set(part.entries.map((entry) => entry.key));
  const stale = [...hashes.keys()].filter((key) => !kept.has(key));
  return {
    store,
    type,
    count: part.count,
    ops: [...changed.map(putOf), ...stale.map((key): KvOp => ({ kind: 'delete', key }))],
    unchanged: part.entries.length - changed.length,
    digest: await digestEntries(part.entries),
  };
}

/** Parallel KV operations at once while applying: enough to hide KV's latency. */
const CONCURRENCY = 64;

/** Writes operations of a plan (idempotent: applying them twice leaves the same KV). */
export async function applyOps(kv: KVNamespace, ops: readonly KvOp[]): Promise<void> {
  const limit = pLimit(CONCURRENCY);
  await Promise.all(ops.map((op) => limit(() => (op.kind === 'put' ? kv.put(op.key, op.value, { metadata: op.metadata }) : kv.delete(op.key)))));
}

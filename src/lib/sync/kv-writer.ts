/**
 * Applies a sync to KV. Each entry carries a content hash in its key metadata; listing the owned
 * prefixes (needed anyway to find stale keys) returns those hashes, so an unchanged record costs
 * no write. That keeps a no-op or small sync cheap, and within Workers' per-invocation KV budget.
 *
 * Writing starts while the sync is still fetching. An entry staged early whose key does not exist
 * yet is stored at once: it replaces nothing, so no previous content is at stake, and on a first
 * sync of a large catalog most of KV's write time overlaps the backend's fetch time. Entries that
 * would replace a record wait for `commit`, which runs only once every part has succeeded. A
 * failed sync calls `rollback`, which deletes the keys stored early: KV holds what it held before.
 * Syncs may overlap (a save in the admin during the scheduled one): `commit` lists the keys again
 * and writes whatever does not hold its hash, so a key another sync's rollback removed is back.
 */
import pLimit from 'p-limit';
import type { KvEntry } from './parts.ts';

/** Parallel KV operations at once: enough to hide latency on a large first sync. */
const CONCURRENCY = 64;

export interface WriteReport {
  written: number;
  unchanged: number;
  deleted: number;
}

export interface KvWrite {
  /** Stores at once the entries whose keys are new; the rest wait for `commit`. */
  stage(entries: KvEntry[]): void;
  /** Waits for every early write; a failure there still allows `rollback`. Later stages are ignored. */
  settle(): Promise<void>;
  /**
   * Writes every entry whose key does not hold its hash yet, then deletes owned keys absent from
   * `entries`. Call after `settle`; from here on nothing is taken back (KV has no transactions).
   */
  commit(entries: KvEntry[]): Promise<WriteReport>;
  /** Deletes what `stage` stored; later stages are ignored. */
  rollback(): Promise<void>;
}

/** Every key under the prefixes (listed side by side) with the content hash its metadata records. */
async function listHashes(kv: KVNamespace, prefixes: string[]): Promise<Map<string, string | undefined>> {
  const hashes = new Map<string, string | undefined>();
  await Promise.all(
    prefixes.map(async (prefix) => {
      let cursor: string | undefined;
      do {
        const page = await kv.list<{ hash?: string }>({ prefix, cursor });
        for (const key of page.keys) hashes.set(key.name, key.metadata?.hash);
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
    }),
  );
  return hashes;
}

/** A promise awaited later: marked handled now, so a failure before then is not reported as unhandled. */
function deferred<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** A write to KV for a sync that owns the keys under `prefixes` (the only keys it may delete). */
export function openKvWrite(kv: KVNamespace, prefixes: string[]): KvWrite {
  const limit = pLimit(CONCURRENCY);
  const existing = deferred(listHashes(kv, prefixes));
  const storedEarly = new Set<string>();
  const staging: Promise<unknown>[] = [];
  // A failed part rejects while other pages of its own may still be on their way to `stage`.
  let closed = false;
  const put = (entry: KvEntry) => kv.put(entry.key, entry.value, { metadata: { ...entry.metadata, hash: entry.hash } });
  // Only under a listed prefix is a key missing from the listing known to be new.
  const isNew = (hashes: Map<string, unknown>, key: string) =>
    !hashes.has(key) && prefixes.some((prefix) => key.startsWith(prefix));

  return {
    stage(entries) {
      if (closed) return;
      const storing = existing.then((hashes) =>
        Promise.all(
          entries
            .filter((entry) => isNew(hashes, entry.key))
            .map((entry) => {
              storedEarly.add(entry.key);
              return limit(() => put(entry));
            }),
        ),
      );
      staging.push(deferred(storing));
    },

    async settle() {
      closed = true;
      await Promise.all(staging);
    },

    async commit(entries) {
      // Listed again: another sync may have added or removed keys since this one listed them.
      const hashes = await listHashes(kv, prefixes);
      const changed = entries.filter((entry) => hashes.get(entry.key) !== entry.hash);
      await Promise.all(changed.map((entry) => limit(() => put(entry))));
      const kept = new Set(entries.map((entry) => entry.key));
      const stale = [...hashes.keys()].filter((key) => !kept.has(key));
      await Promise.all(stale.map((key) => limit(() => kv.delete(key))));
      const rewritten = new Set(changed.map((entry) => entry.key));
      const written = changed.length + [...storedEarly].filter((key) => !rewritten.has(key)).length;
      return { written, unchanged: entries.length - written, deleted: stale.length };
    },

    async rollback() {
      closed = true;
      await Promise.allSettled(staging);
      const results = await Promise.allSettled([...storedEarly].map((key) => limit(() => kv.delete(key))));
      const failed = results.filter((result) => result.status === 'rejected').length;
      if (failed > 0) {
        console.error(`sync rollback: ${failed} of ${results.length} keys stored early could not be deleted; the next sync of their type removes any the backend no longer has`);
      }
    },
  };
}

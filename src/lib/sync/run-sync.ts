/**
 * A sync: fetch and validate every requested part for every requested store, and only when all
 * succeeded replace records and then `pulse` (SPEC.md sync rule 1, DECISIONS.md 3 and 4). New keys
 * are stored while fetching and taken back if the sync fails (kv-writer.ts).
 */
import { BackendError, type BackendClient } from '../backend-client.ts';
import { forgetMemos } from '../cache/isolate-memo.ts';
import { readPulse } from '../content/content-store.ts';
import { PULSE_KEY } from '../content/keys.ts';
import { openKvWrite, type KvWrite, type WriteReport } from './kv-writer.ts';
import { buildPart, ownedPrefixes, type Stage, type SyncPart, type SyncType } from './parts.ts';
import { digestEntries, nextPulse } from './pulse.ts';
import { lockStores } from './sync-lock.ts';

export interface SyncRequest {
  types: readonly SyncType[];
  /** One store code, or every store view the backend has. */
  store?: string;
}

export interface SyncFailure {
  type: SyncType | 'stores';
  store?: string;
  path: string;
  message: string;
}

export type SyncOutcome =
  | { success: true; synced: Partial<Record<SyncType, number>>; duration: string; pulse: string; kv: WriteReport }
  | { success: false; errors: SyncFailure[]; duration: string }
  | { success: false; unknownStore: string }
  /** Another sync of one of these stores is running (DECISIONS.md 46: 409). */
  | { success: false; busy: true };

/**
 * Takes back what a failed sync stored early, and what this isolate may have memoized of it.
 * When another sync has committed meanwhile (pulse moved), its listing pages may link those keys:
 * they stay, holding the backend's current records, until a sync finds them gone from the backend.
 */
async function undo(kv: KVNamespace, write: KvWrite, pulseBefore: string | undefined): Promise<void> {
  if ((await readPulse(kv))?.hash === pulseBefore) await write.rollback();
  // Writes still in flight are let finish; one that fails leaves a key the next sync rewrites, so say so and go on.
  else await write.settle().catch((error: unknown) => console.error('sync: a write of the failed sync did not settle; the next sync rewrites it', error));
  forgetMemos();
}

export const seconds = (startedAt: number) => `${((Date.now() - startedAt) / 1000).toFixed(2)}s`;

export function toFailure(error: unknown, type: SyncFailure['type'], store?: string): SyncFailure {
  if (error instanceof BackendError) return { type, store, path: error.path, message: error.message };
  throw error;
}

/** Every part, each built in parallel; a part that failed becomes a failure naming its store and type. */
async function buildParts(client: BackendClient, jobs: Array<{ store: string; type: SyncType }>, stage: Stage) {
  const settled = await Promise.allSettled(jobs.map(({ store, type }) => buildPart(client, store, type, stage)));
  const parts: SyncPart[] = [];
  const errors: SyncFailure[] = [];
  settled.forEach((result, index) => {
    if (result.status === 'fulfilled') parts.push(result.value);
    else errors.push(toFailure(result.reason, jobs[index].type, jobs[index].store));
  });
  return { parts, errors };
}

/** The store codes a sync covers: the one asked for, or every store view the backend has. */
export async function syncStores(client: BackendClient, store: string | undefined): Promise<{ stores: string[] } | { failure: SyncFailure } | { unknownStore: string }> {
  let stores: string[];
  try {
    stores = (await client.stores()).map((view) => view.code);
  } catch (error) {
    return { failure: toFailure(error, 'stores') };
  }
  if (store === undefined) return { stores };
  return stores.includes(store) ? { stores: [store] } : { unknownStore: store };
}

export async function runSync(client: BackendClient, kv: KVNamespace, request: SyncRequest): Promise<SyncOutcome> {
  const startedAt = Date.now();
  const covered = await syncStores(client, request.store);
  if ('failure' in covered) return { success: false, errors: [covered.failure], duration: seconds(startedAt) };
  if ('unknownStore' in covered) return { success: false, unknownStore: covered.unknownStore };
  const release = lockStores(covered.stores);
  if (!release) return { success: false, busy: true };
  try {
    return await syncParts(client, kv, request, covered.stores, startedAt);
  } finally {
    release();
  }
}

async function syncParts(client: BackendClient, kv: KVNamespace, request: SyncRequest, stores: string[], startedAt: number): Promise<SyncOutcome> {

  const jobs = stores.flatMap((store) => request.types.map((type) => ({ store, type })));
  const pulseBefore = (await readPulse(kv))?.hash;
  const write = openKvWrite(kv, jobs.flatMap(({ store, type }) => ownedPrefixes(store, type)));
  let built: Awaited<ReturnType<typeof buildParts>>;
  try {
    built = await buildParts(client, jobs, write.stage);
    if (built.errors.length === 0) await write.settle();
  } catch (error) {
    await undo(kv, write, pulseBefore);
    throw error;
  }
  if (built.errors.length > 0) {
    await undo(kv, write, pulseBefore);
    return { success: false, errors: built.errors, duration: seconds(startedAt) };
  }
  const { parts } = built;
  const written = await write.commit(parts.flatMap((part) => part.entries));

  const digests: Record<string, string> = {};
  for (const part of parts) digests[`${part.store}:${part.type}`] = await digestEntries(part.entries);
  const pulse = await nextPulse(await readPulse(kv), digests, new Date());
  await kv.put(PULSE_KEY, JSON.stringify(pulse));
  forgetMemos();

  const synced: Partial<Record<SyncType, number>> = {};
  for (const part of parts) synced[part.type] = (synced[part.type] ?? 0) + part.count;
  return { success: true, synced, duration: seconds(startedAt), pulse: pulse.hash, kv: written };
}

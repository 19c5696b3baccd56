/**
 * What a sync's answer is made of, shared by the coordinator that runs it (coordinator.ts) and the
 * endpoint that answers it: the store views it covers and the failures it reports.
 */
import { BackendError, type BackendClient } from '../backend-client.ts';
import type { SyncType } from './parts.ts';

export interface SyncFailure {
  type: SyncType | 'stores';
  store?: string;
  path: string;
  message: string;
}

export const seconds = (startedAt: number) => `${((Date.now() - startedAt) / 1000).toFixed(2)}s`;

export function toFailure(error: unknown, type: SyncFailure['type'], store?: string): SyncFailure {
  if (error instanceof BackendError) return { type, store, path: error.path, message: error.message };
  throw error;
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

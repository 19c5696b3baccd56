/**
 * Listing-stub refetch (SPEC.md sync rule 4). The sync stores products as the listing route returns
 * them; a configurable, grouped, bundle, downloadable or gift-card record there lacks its children.
 * When a product page meets such a stub, the full record is fetched from the detail route, rendered,
 * and written back under the same key with a 24-hour TTL in the background (`waitUntil`), so the
 * response does not wait for KV.
 */
import { BackendError, type BackendClient } from '../backend-client.ts';
import { writeRecord, REFETCHED_PRODUCT_TTL_S } from '../content/content-writer.ts';
import { contentKeys } from '../content/keys.ts';
import type { Product } from '../content/schemas.ts';

export interface StubRefetchOptions {
  client: Pick<BackendClient, 'product'>;
  kv: KVNamespace;
  store: string;
  /** The request's ExecutionContext.waitUntil. */
  waitUntil: (promise: Promise<unknown>) => void;
}

/** Completes a stub: the full record, or null when the backend could not give it (logged). */
export type StubCompleter = (stub: Product) => Promise<Product | null>;

export function stubCompleter({ client, kv, store, waitUntil }: StubRefetchOptions): StubCompleter {
  return async (stub) => {
    let full: Product;
    try {
      full = await client.product(store, stub.id);
    } catch (error) {
      if (!(error instanceof BackendError)) throw error;
      console.error(`listing-stub refetch of product ${stub.id} (${store}) failed: ${error.message}`);
      return null;
    }
    // Under the key the page was found by, so the next view of this URL reads the full record.
    const key = contentKeys.product(store, stub.urlKey);
    waitUntil(
      writeRecord(kv, key, full, { ttl: REFETCHED_PRODUCT_TTL_S, updatedAt: full.updatedAt }).catch((error: unknown) =>
        console.error(`writing the refetched product ${key} failed:`, error),
      ),
    );
    return full;
  };
}

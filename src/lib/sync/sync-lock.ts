/**
 * One sync per store at a time (DECISIONS.md 46): a sync that overlaps a running one of the same
 * store answers 409 `sync_in_progress`, and the connector retries it later. Held in the isolate:
 * exact under `wrangler dev` (one isolate) and for a store's syncs that reach the same isolate; two
 * isolates of a deployed worker do not see each other's (README "Sync": the limit of this lock).
 */
const running = new Set<string>();

/** Takes every store of `stores`, or none when one is taken: then null. Call the answer to let go. */
export function lockStores(stores: readonly string[]): (() => void) | null {
  if (stores.some((store) => running.has(store))) return null;
  for (const store of stores) running.add(store);
  return () => {
    for (const store of stores) running.delete(store);
  };
}

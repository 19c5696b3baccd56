/**
 * A short-lived, per-isolate memo of validated KV reads. Every catalog page needs the same few
 * records (store config, category tree, footer pages) and every cacheable request needs `pulse`;
 * reading and parsing them from KV on each request would dominate an edge HIT and an uncached
 * render alike. The trade-off: after a sync or write in another isolate, this one may serve the
 * previous record for up to MEMO_MS (in production KV's own read cache adds up to 60 s anyway).
 * The isolate that writes forgets its memo at once (forgetMemos).
 */

export const MEMO_MS = 5_000;
/** Bounds memory: the oldest entry goes first when the memo is full. */
const MAX_ENTRIES = 1_000;

/**
 * Only settled values are kept, never in-flight promises: workerd ties a KV read to the request that
 * started it, and another request awaiting it fails when the first one ends.
 */
const entries = new Map<string, { value: unknown; readAt: number }>();

/** The value of `read()` as of at most `maxAgeMs` ago. A failed read is not remembered. */
export async function memoized<T>(key: string, read: () => Promise<T>, now: number = Date.now(), maxAgeMs: number = MEMO_MS): Promise<T> {
  const cached = entries.get(key);
  if (cached && now - cached.readAt < maxAgeMs) return cached.value as T;
  const value = await read();
  entries.delete(key);
  entries.set(key, { value, readAt: now });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return value;
}

/** Called after this isolate changed content or `pulse`, so its next request reads them again. */
export function forgetMemos(): void {
  entries.clear();
}

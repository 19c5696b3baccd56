/**
 * Copies of the edge cache's most recent entries kept in the isolate's memory for a few seconds.
 * A hot page then costs no Cache API lookup at all; the Cache API stays the shared, durable copy.
 * Entries are keyed by the full cache key (version tag included), so a new `pulse` or build never
 * hits an old copy; a purge clears this isolate's copies at once and other isolates' within
 * HOT_MS, the same bound as the isolate memo of `pulse` (isolate-memo.ts).
 */

export const HOT_MS = 5_000;
/** A few hundred pages of tens of KiB: a bounded slice of an isolate's 128 MB. */
const MAX_PAGES = 200;

export interface PageSnapshot {
  status: number;
  headers: Headers;
  body: ArrayBuffer;
}

const pages = new Map<string, { snapshot: PageSnapshot; storedAt: number }>();

export function recallPage(key: string, now: number = Date.now()): Response | null {
  const entry = pages.get(key);
  if (!entry) return null;
  if (now - entry.storedAt >= HOT_MS) {
    pages.delete(key);
    return null;
  }
  return responseOf(entry.snapshot);
}

/**
 * A fresh response of a snapshot. The runtime copies the bytes and the headers into the response
 * it makes (a Headers object is copied natively, faster than from pairs), so one snapshot answers
 * any number of requests without a copy of ours.
 */
export function responseOf({ status, headers, body }: PageSnapshot): Response {
  return new Response(body, { status, headers });
}

export function rememberPage(key: string, snapshot: PageSnapshot, now: number = Date.now()): void {
  pages.delete(key);
  pages.set(key, { snapshot, storedAt: now });
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value as string);
}

export async function snapshotOf(response: Response): Promise<PageSnapshot> {
  return { status: response.status, headers: new Headers(response.headers), body: await response.arrayBuffer() };
}

export function forgetHotPages(): void {
  pages.clear();
}

/**
 * The current `pulse`, read from KV at most once every few seconds per isolate. Every cacheable
 * request needs it (it is half of the version tag), and a KV read on each of them would dominate
 * an edge HIT. The trade-off: after a sync, another isolate may keep serving the previous version
 * for up to MEMO_MS (in production KV's own read cache adds up to 60 s anyway). The isolate that
 * ran the sync or a cache write forgets its memo at once.
 */
import type { Pulse } from '../content/schemas.ts';
import { readPulse } from '../content/content-store.ts';

export const MEMO_MS = 5_000;

let memo: { value: Promise<Pulse | null>; readAt: number } | undefined;

/** The pulse as of at most MEMO_MS ago; concurrent callers share one read. */
export function currentPulse(kv: KVNamespace, now: number = Date.now()): Promise<Pulse | null> {
  if (memo && now - memo.readAt < MEMO_MS) return memo.value;
  const value = readPulse(kv);
  memo = { value, readAt: now };
  // A failed read must not be remembered: the next request tries again.
  value.catch(() => {
    if (memo?.value === value) memo = undefined;
  });
  return value;
}

/** Called after this isolate changed `pulse` or content, so its next request sees the change. */
export function forgetPulse(): void {
  memo = undefined;
}

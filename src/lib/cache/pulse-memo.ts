/**
 * The current `pulse` (half of the edge-cache version tag, and what GET /pulse reports), read from
 * KV at most once a second per isolate: every cacheable request needs it, and a KV read would cost
 * a HIT more than the rest of its answer. So a new `pulse` written elsewhere reaches this isolate's
 * answers within PULSE_MS (README "Edge cache"); the isolate that syncs forgets it at once.
 */
import type { Pulse } from '../content/schemas.ts';
import { PULSE_KEY } from '../content/keys.ts';
import { readPulse } from '../content/content-store.ts';
import { memoized } from './isolate-memo.ts';

export const PULSE_MS = 1_000;

export function currentPulse(kv: KVNamespace, now: number = Date.now()): Promise<Pulse | null> {
  return memoized(PULSE_KEY, () => readPulse(kv), now, PULSE_MS);
}

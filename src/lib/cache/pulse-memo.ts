/** The current `pulse` (half of the edge-cache version tag), read through the isolate memo. */
import type { Pulse } from '../content/schemas.ts';
import { PULSE_KEY } from '../content/keys.ts';
import { readPulse } from '../content/content-store.ts';
import { memoized } from './isolate-memo.ts';

export function currentPulse(kv: KVNamespace, now: number = Date.now()): Promise<Pulse | null> {
  return memoized(PULSE_KEY, () => readPulse(kv), now);
}

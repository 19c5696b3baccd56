/**
 * At most one re-read per content key a minute (DECISIONS.md 6). The stamp is a KV entry that
 * expires after the interval (KV's shortest TTL is exactly a minute). KV rather than the Cache
 * API: the Cache API is a no-op on workers.dev hosts, which would lift the throttle there.
 * Two requests racing past the check both re-read once; that is harmless.
 */
import { contentKeys } from '../content/keys.ts';

export const FRESHNESS_INTERVAL_S = 60;

/** True when the key may be re-read now; the stamp is written before the re-read starts. */
export async function claimFreshness(kv: KVNamespace, key: string, now: Date = new Date()): Promise<boolean> {
  const stamp = contentKeys.freshnessStamp(key);
  if ((await kv.get(stamp)) !== null) return false;
  await kv.put(stamp, now.toISOString(), { expirationTtl: FRESHNESS_INTERVAL_S });
  return true;
}

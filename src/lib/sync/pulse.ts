/**
 * `pulse` is derived from the content written (DECISIONS.md 4): each synced (store, type) part
 * has a digest of its records, and the pulse hash is a digest of all part digests. A sync that
 * changes nothing yields the same hash, so the edge cache stays warm.
 */
import type { Pulse } from '../content/schemas.ts';
import { sha256Hex } from '../hex.ts';

/** Digest of one part: its keys in order, each with the content hash of its value. */
export function digestEntries(entries: ReadonlyArray<{ key: string; hash: string }>): Promise<string> {
  const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return sha256Hex(sorted.map((entry) => `${entry.key}=${entry.hash}`).join('\n'));
}

/** The next pulse: previous part digests overlaid with the new ones, hashed in key order. */
export async function nextPulse(
  previous: Pulse | null,
  parts: Record<string, string>,
  now: Date,
): Promise<Pulse> {
  const digests = { ...(previous?.digests ?? {}), ...parts };
  const names = Object.keys(digests).sort();
  const hash = (await sha256Hex(names.map((name) => `${name}=${digests[name]}`).join('\n'))).slice(0, 16);
  return { hash, updatedAt: now.toISOString(), digests };
}

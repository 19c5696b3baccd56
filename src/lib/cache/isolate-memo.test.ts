import { beforeEach, describe, expect, it } from 'vitest';
import { forgetMemos, memoized, MEMO_MS } from './isolate-memo.ts';
import { currentPulse, PULSE_MS } from './pulse-memo.ts';

/** A reader answering the given values in turn, counting calls. */
function reader(values: unknown[]) {
  let reads = 0;
  const read = async () => {
    const value = values[Math.min(reads, values.length - 1)];
    reads++;
    if (value instanceof Error) throw value;
    return value;
  };
  return { read, reads: () => reads };
}

describe('memoized', () => {
  beforeEach(forgetMemos);

  it('reads once per MEMO_MS and key', async () => {
    const { read, reads } = reader(['a', 'b']);
    expect(await memoized('k', read, 1000)).toBe('a');
    expect(await memoized('k', read, 1000 + MEMO_MS - 1)).toBe('a');
    expect(reads()).toBe(1);
    expect(await memoized('k', read, 1000 + MEMO_MS)).toBe('b');
    expect(await memoized('other', reader(['c']).read, 1000)).toBe('c');
  });

  it('reads again at once after forgetMemos, and never remembers a failed read', async () => {
    const { read, reads } = reader([new Error('KV down'), 'a', 'b']);
    await expect(memoized('k', read, 0)).rejects.toThrow('KV down');
    expect(await memoized('k', read, 1)).toBe('a');
    forgetMemos();
    expect(await memoized('k', read, 2)).toBe('b');
    expect(reads()).toBe(3);
  });

  it('reads pulse at most once per PULSE_MS, sooner than other records', async () => {
    let reads = 0;
    const kv = { get: async () => ({ hash: `h${++reads}`, updatedAt: '2026-11-26T00:00:00.000Z' }) } as unknown as KVNamespace;
    expect((await currentPulse(kv, 5000))?.hash).toBe('h1');
    expect((await currentPulse(kv, 5000 + PULSE_MS - 1))?.hash).toBe('h1');
    expect((await currentPulse(kv, 5000 + PULSE_MS))?.hash).toBe('h2');
    expect(PULSE_MS).toBeLessThan(MEMO_MS);
  });

  it('gives currentPulse null before the first sync', async () => {
    const kv = { get: async () => null } as unknown as KVNamespace;
    expect(await currentPulse(kv, 0)).toBeNull();
  });
});

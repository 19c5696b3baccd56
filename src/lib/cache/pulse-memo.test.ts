import { beforeEach, describe, expect, it } from 'vitest';
import { currentPulse, forgetPulse, MEMO_MS } from './pulse-memo.ts';

/** A KV namespace that only answers `get('pulse')`, counting reads. */
function fakeKv(values: Array<unknown>) {
  let reads = 0;
  const kv = {
    get: async () => {
      const value = values[Math.min(reads, values.length - 1)];
      reads++;
      if (value instanceof Error) throw value;
      return value;
    },
  } as unknown as KVNamespace;
  return { kv, reads: () => reads };
}

const pulse = (hash: string) => ({ hash, updatedAt: '2026-11-22T10:00:00.000Z', digests: {} });

describe('currentPulse', () => {
  beforeEach(forgetPulse);

  it('reads KV once per MEMO_MS, sharing the read between concurrent callers', async () => {
    const { kv, reads } = fakeKv([pulse('a'), pulse('b')]);
    const [first, second] = await Promise.all([currentPulse(kv, 1000), currentPulse(kv, 1001)]);
    expect(first?.hash).toBe('a');
    expect(second?.hash).toBe('a');
    expect((await currentPulse(kv, 1000 + MEMO_MS - 1))?.hash).toBe('a');
    expect(reads()).toBe(1);
    expect((await currentPulse(kv, 1000 + MEMO_MS))?.hash).toBe('b');
    expect(reads()).toBe(2);
  });

  it('reads again at once after forgetPulse, and never remembers a failed read', async () => {
    const { kv, reads } = fakeKv([new Error('KV down'), pulse('a'), pulse('b')]);
    await expect(currentPulse(kv, 0)).rejects.toThrow('KV down');
    expect((await currentPulse(kv, 1))?.hash).toBe('a');
    forgetPulse();
    expect((await currentPulse(kv, 2))?.hash).toBe('b');
    expect(reads()).toBe(3);
  });

  it('is null before the first sync', async () => {
    expect(await currentPulse(fakeKv([null]).kv, 0)).toBeNull();
  });
});

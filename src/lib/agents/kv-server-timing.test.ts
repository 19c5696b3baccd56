import { describe, expect, it } from 'vitest';
import { kvServerTiming, readCountedKv } from './kv-server-timing.ts';

describe('readCountedKv', () => {
  it('counts reads, with or without metadata, and listings; writes are not in the sitemap figure', async () => {
    const fake = {
      get: async () => 'value',
      getWithMetadata: async () => ({ value: 'value', metadata: null }),
      list: async () => ({ keys: [], list_complete: true, cacheStatus: null }),
      put: async () => undefined,
    };
    const { kv, count } = readCountedKv(fake as unknown as KVNamespace);
    await kv.get('a');
    await kv.getWithMetadata('c');
    await kv.list();
    await kv.list();
    await kv.put('b', 'x');
    expect(count).toEqual({ get: 2, list: 2 });
    expect(kvServerTiming(count)).toBe('kv-get;desc="2", kv-list;desc="2"');
  });
});

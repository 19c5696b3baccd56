import { describe, expect, it } from 'vitest';
import { countedKv, kvServerTiming } from './counted-kv.ts';

describe('countedKv', () => {
  it('counts get and list calls and passes everything through', async () => {
    const calls: string[] = [];
    const fake = {
      get: async (key: string) => (calls.push(`get ${key}`), 'value'),
      list: async () => (calls.push('list'), { keys: [], list_complete: true, cacheStatus: null }),
      put: async () => void calls.push('put'),
    } as unknown as KVNamespace;
    const { kv, count } = countedKv(fake);
    expect(await kv.get('a')).toBe('value');
    await kv.list();
    await kv.list();
    await kv.put('b', 'x');
    expect(count).toEqual({ get: 1, list: 2 });
    expect(calls).toEqual(['get a', 'list', 'list', 'put']);
    expect(kvServerTiming(count)).toBe('kv-get;desc="1", kv-list;desc="2"');
  });
});

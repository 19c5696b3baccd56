import { describe, expect, it } from 'vitest';
import { countedKv, kvServerTiming } from './counted-kv.ts';

describe('countedKv', () => {
  it('counts reads (with or without metadata) and list calls, and passes everything through on the namespace itself', async () => {
    const calls: string[] = [];
    // A method that, like workerd's bindings, refuses to run on anything but its namespace.
    const fake: Record<string, unknown> = {};
    const own = (name: string, answer: unknown) =>
      async function (this: unknown, key?: string) {
        if (this !== fake) throw new TypeError('Illegal invocation');
        calls.push(key === undefined ? name : `${name} ${key}`);
        return answer;
      };
    Object.assign(fake, {
      get: own('get', 'value'),
      getWithMetadata: own('getWithMetadata', { value: 'value', metadata: null }),
      list: own('list', { keys: [], list_complete: true, cacheStatus: null }),
      put: own('put', undefined),
    });
    const { kv, count } = countedKv(fake as unknown as KVNamespace);
    expect(await kv.get('a')).toBe('value');
    expect(await kv.getWithMetadata('c')).toEqual({ value: 'value', metadata: null });
    await kv.list();
    await kv.list();
    await kv.put('b', 'x');
    expect(count).toEqual({ get: 2, list: 2 });
    expect(calls).toEqual(['get a', 'getWithMetadata c', 'list', 'list', 'put b']);
    expect(kvServerTiming(count)).toBe('kv-get;desc="2", kv-list;desc="2"');
  });
});

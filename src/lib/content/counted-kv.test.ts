import { describe, expect, it } from 'vitest';
import { countedKv, type KvOperation } from './counted-kv.ts';

describe('countedKv', () => {
  it('reports each operation by name and runs every method, counted or not, on the namespace itself', async () => {
    const calls: string[] = [];
    // Methods that, like workerd's bindings, refuse to run on anything but their namespace.
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
      delete: own('delete', undefined),
      // Not a KV operation: passed through, not reported.
      describe: own('describe', 'namespace'),
    });
    const reported: KvOperation[] = [];
    const kv = countedKv(fake as unknown as KVNamespace, (operation) => reported.push(operation));
    expect(await kv.get('a')).toBe('value');
    expect(await kv.getWithMetadata('c')).toEqual({ value: 'value', metadata: null });
    await kv.list();
    await kv.put('b', 'x');
    await kv.delete('b');
    expect(await (kv as unknown as { describe(): Promise<string> }).describe()).toBe('namespace');
    expect(reported).toEqual(['get', 'getWithMetadata', 'list', 'put', 'delete']);
    expect(calls).toEqual(['get a', 'getWithMetadata c', 'list', 'put b', 'delete b', 'describe']);
  });
});

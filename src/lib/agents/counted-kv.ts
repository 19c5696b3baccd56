/**
 * A KV namespace that counts the operations made through it, so the sitemap can report them in a
 * `Server-Timing` header: the proof, on the real worker, that it stays within Workers' per-request
 * limits (10,000 products cost 10 `list()` calls, not 10,000 reads).
 */

export interface KvOperationCount {
  get: number;
  list: number;
}

const COUNTED = new Set<keyof KvOperationCount>(['get', 'list']);

function isCounted(property: string | symbol): property is keyof KvOperationCount {
  return typeof property === 'string' && COUNTED.has(property as keyof KvOperationCount);
}

export function countedKv(kv: KVNamespace): { kv: KVNamespace; count: KvOperationCount } {
  const count: KvOperationCount = { get: 0, list: 0 };
  const counted = new Proxy(kv, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (!isCounted(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        count[property]++;
        return Reflect.apply(value, target, args);
      };
    },
  });
  return { kv: counted, count };
}

/** The counts as `Server-Timing` metrics (W3C Server Timing; counts, not durations, in `desc`). */
export function kvServerTiming(count: KvOperationCount): string {
  return `kv-get;desc="${count.get}", kv-list;desc="${count.list}"`;
}

/**
 * A KV namespace that counts the operations made through it, so the sitemap can report them in a
 * `Server-Timing` header: the proof, on the real worker, that it stays within Workers' per-request
 * limits (10,000 products cost 10 `list()` calls, not 10,000 reads).
 */

export interface KvOperationCount {
  get: number;
  list: number;
}

/** Which count each method adds to: a read with its metadata is a read. */
const COUNTED: Record<string, keyof KvOperationCount> = { get: 'get', getWithMetadata: 'get', list: 'list' };

export function countedKv(kv: KVNamespace): { kv: KVNamespace; count: KvOperationCount } {
  const count: KvOperationCount = { get: 0, list: 0 };
  const counted = new Proxy(kv, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const counter = typeof property === 'string' && Object.hasOwn(COUNTED, property) ? COUNTED[property] : undefined;
      // Every method runs on the namespace itself: workerd's bindings refuse another `this`.
      return (...args: unknown[]) => {
        if (counter) count[counter]++;
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

/**
 * A KV namespace that reports each operation made through it, for the two places that must show
 * what a request spent: a sync step against the 1,000-operations-per-invocation limit
 * (sync/invocation-budget.ts) and the sitemap's `Server-Timing` (agents/kv-server-timing.ts).
 */

/** The operations a namespace offers, each reported by its method's name (a caller may count `getWithMetadata` as a read). */
export type KvOperation = 'get' | 'getWithMetadata' | 'put' | 'delete' | 'list';

const OPERATIONS: ReadonlySet<PropertyKey> = new Set<KvOperation>(['get', 'getWithMetadata', 'put', 'delete', 'list']);

/**
 * The namespace, calling `report` before each operation. Every method, counted or not, runs on the
 * namespace itself (workerd's bindings refuse another `this`: "Illegal invocation"), and each is
 * wrapped once, not on every access, since a sync step makes hundreds of calls.
 */
export function countedKv(kv: KVNamespace, report: (operation: KvOperation) => void): KVNamespace {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(kv, {
    get(target, property) {
      const known = wrapped.get(property);
      if (known) return known;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const operation = OPERATIONS.has(property) ? (property as KvOperation) : undefined;
      const method = (...args: unknown[]) => {
        if (operation) report(operation);
        return Reflect.apply(value, target, args);
      };
      wrapped.set(property, method);
      return method;
    },
  });
}

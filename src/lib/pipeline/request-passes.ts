/**
 * What the two passes of one request share. A cache miss runs the pipeline twice: the worker entry's
 * early path (which hands it over) and then Astro's. The edge-cache key the first pass found missing
 * is remembered here, so the second renders without looking it up again (two Cache API lookups per
 * uncached render saved). Should the memo ever outlive its request, the worst it does is a render
 * where a cached copy existed, never a wrong page.
 */

export interface RequestPasses {
  /** The edge-cache key looked up and missed earlier in this request. */
  missedCacheKey?: string;
}

const byExecution = new WeakMap<object, RequestPasses>();

/**
 * The shared memo of the request served under `execution` (workerd gives each request its own
 * context); none where there is no context (a page prerendered at build time).
 */
export function requestPasses(execution: object | undefined): RequestPasses | undefined {
  if (!execution) return undefined;
  let passes = byExecution.get(execution);
  if (!passes) byExecution.set(execution, (passes = {}));
  return passes;
}

/**
 * What one Worker invocation may spend (Cloudflare's limits, README "Sync at scale"): at most 1,000
 * KV operations, and on the Workers Paid plan 1,000 subrequests. Every step of a sync runs in its
 * own invocation, counts what it spends (its KV operations through content/counted-kv.ts, its
 * requests through `countingFetch`) and reports it, so the answer of a sync (and the tests) show the
 * most any invocation spent.
 */

/** KV operations one apply step writes: under the 1,000 limit with room for the step's own reads. */
export const OPS_PER_STEP = 900;

export interface Spent {
  kv: number;
  subrequests: number;
}

/** fetch, counting each request into `spent.subrequests`. */
export function countingFetch(spent: Spent): typeof fetch {
  return (input, init) => {
    spent.subrequests += 1;
    return fetch(input, init);
  };
}

/**
 * The storefront's request pipeline in terms of its own: a step sees the request and calls `next`
 * for what comes after it. Astro's middleware runs the pipeline in front of its routes, and the
 * worker entry runs the very same steps in front of no route at all, to answer what needs no
 * rendering before Astro starts (early-response.ts). So the steps depend only on this context, not
 * on Astro's.
 */

import type { RequestPasses } from './request-passes.ts';

export interface StepContext {
  request: Request;
  url: URL;
  /**
   * The Astro route the request matched (e.g. `/[...path]`), or null on the early path, which
   * matches no route: it answers only what needs none (a cached page, a fixed route).
   */
  routePattern: string | null;
  /** Work that may finish after the response (a Cache API put). */
  waitUntil(promise: Promise<unknown>): void;
  /** Whether the route set cookies through Astro's cookie API (they join the response after the pipeline). */
  routeSetCookies(): boolean;
  /** What the early path's pass learned for Astro's pass of the same request (request-passes.ts). */
  passes?: RequestPasses;
}

export type Next = () => Promise<Response>;
export type Step = (context: StepContext, next: Next) => Promise<Response>;

/** The steps as one: each one's `next` is the rest, the last one's is `end`. */
export function sequence(...steps: Step[]): Step {
  return (context, end) => {
    const run = (index: number): Promise<Response> => {
      const step = steps[index];
      return step ? step(context, () => run(index + 1)) : end();
    };
    return run(0);
  };
}

/** Thrown by a pipeline's end to hand the request on (the early path's "this needs Astro"): not an error. */
export class HandOver extends Error {}

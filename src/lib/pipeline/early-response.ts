/**
 * The early path (issue 19): the worker entry runs the storefront pipeline in front of no route, so
 * what needs no rendering is answered before Astro starts, whose routing and context cost every
 * request about half a millisecond of CPU. That is a cached page (hot-page memo, then the Cache
 * API) or its 304, a redirect of the password gate or the login wall, and the fixed routes.
 * Whatever would render (a cache miss) is handed over to Astro, which runs the same pipeline again
 * (its reads are memoized per isolate, so the second pass is cheap) and renders. Same steps, so the
 * same headers, gate, keys and errors, whichever path answers.
 *
 * Requests that never take it: methods other than GET and HEAD, markdown and anything else the
 * edge cache bypasses. A signed-in customer (the
 * storefront's session cookie) takes it while the session needs no more of the session step than
 * its group's key and the greeting: a cookie that does not open (to be cleared) or a group due for
 * re-confirmation with the backend (the cookie may be re-issued or cleared) goes through Astro,
 * where a render that follows can carry the new cookie.
 */
import { bypassReason } from '../cache/cache-policy.ts';
import type { StorefrontConfig } from '../config.ts';
import { SESSION_COOKIE, sessionCookieValue } from '../session/session-cookie.ts';
import { resolveSession } from '../session/session-memo.ts';
import { recheckDue } from '../session/session-step.ts';
import { fixedRoute } from './fixed-routes.ts';
import { requestPasses } from './request-passes.ts';
import { HandOver, type Step, type StepContext } from './step.ts';

export interface EarlyPathOptions {
  /** The storefront pipeline (storefront-pipeline.ts): the very steps Astro's middleware runs. */
  pipeline: Step;
  config: Pick<StorefrontConfig, 'ASSET_HASH' | 'EARLY_RESPONSES' | 'CEILING_PROBE_PATH' | 'SESSION_SECRET'>;
  kv: KVNamespace;
}

export type EarlyPath = (request: Request, execution: Pick<ExecutionContext, 'waitUntil'>) => Promise<Response | null>;

async function takesEarlyPath(request: Request, url: URL, sessionSecret: string | undefined): Promise<boolean> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (fixedRoute(url.pathname) === null && bypassReason(request, url, SESSION_COOKIE) !== null) return false;
  if (sessionCookieValue(request) === null) return true;
  const now = Date.now();
  const session = await resolveSession(request, sessionSecret, now);
  return session !== null && !recheckDue(session, now);
}

/**
 * One hand-over for every request: an Error captures its stack when it is made, which took about
 * 0.2 ms of CPU per cache miss under the pipeline's frames (`npm run bench -- --profile`). Nothing
 * reads or changes it; the pipeline only checks its class.
 */
const handedOver = new HandOver();
const handOver = (): Promise<Response> => Promise.reject(handedOver);

/** The largest body the ceiling probe answers: more than any page. */
const PROBE_MAX_BYTES = 1 << 20;
const probeBodies = new Map<number, Uint8Array<ArrayBuffer>>();

/**
 * `npm run bench`'s ceiling: a response made by no step at all. Bare, a 204; with `?bytes=N`, a
 * 200 of N bytes (given the standard headers by the worker entry), so a page of that size can be compared with it
 * (moving bytes and headers through the runtime costs CPU whoever made them).
 */
function ceilingProbe(url: URL): Response {
  const bytes = Math.min(Number(url.searchParams.get('bytes')) || 0, PROBE_MAX_BYTES);
  if (bytes <= 0) return new Response(null, { status: 204 });
  let body = probeBodies.get(bytes);
  if (!body) probeBodies.set(bytes, (body = new Uint8Array(bytes).fill(0x20)));
  // The worker entry adds the standard headers, as to every answer.
  return new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

/** Answers a request without Astro, or null when Astro must answer it. */
export function earlyPath({ pipeline, config, kv }: EarlyPathOptions): EarlyPath {
  const sources = { kv, assetHash: config.ASSET_HASH };
  return async function answerEarly(request, execution) {
    const url = new URL(request.url);
    if (url.pathname === config.CEILING_PROBE_PATH) return ceilingProbe(url);
    if (config.EARLY_RESPONSES === 'off') return null;

    try {
      if (!(await takesEarlyPath(request, url, config.SESSION_SECRET))) return null;
      const context: StepContext = {
        request,
        url,
        routePattern: null,
        waitUntil: (promise) => execution.waitUntil(promise),
        routeSetCookies: () => false,
        passes: requestPasses(execution),
      };
      const route = fixedRoute(url.pathname);
      return await pipeline(context, route ? async () => route(request, sources) : handOver);
    } catch {
      // A hand-over, or an error the pipeline does not answer itself (it has logged it): Astro's
      // path answers it as it always has, with its error page.
      return null;
    }
  };
}

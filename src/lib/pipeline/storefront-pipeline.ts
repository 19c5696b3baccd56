/**
 * The storefront's request pipeline, in order. Static assets never get here (the platform serves
 * them from the ASSETS binding first).
 *   1. errors: nothing escapes as a stack trace; management/API paths answer JSON.
 *   2. X-Cache: BYPASS on what the edge cache did not answer.
 *   3. password gate: preview deployments only (PREVIEW_PASSWORD).
 *   4. session: who is signed in (the signed session cookie); clears a bad one, keeps signed-in pages private.
 *   5. login wall: B2B Access's store-wide wall sends guests to sign in (DECISIONS.md 43).
 *   6. markdown negotiation: page routes asked for markdown answer here, before (never in) the edge cache.
 *   7. fresh form tokens: pages holding a Custom Forms form get render tokens signed now, cached or not.
 *   8. edge cache: catalog HTML from the Cache API under the version tag (and a signed-in customer's
 *      group); X-Cache on the way out.
 * Then what the pipeline runs in front of: Astro's routes (src/middleware.ts), or, on the worker
 * entry's early path, only the fixed routes (early-response.ts). The standard headers (api-catalog
 * Link, security) are added by the worker entry (src/worker.ts), which every answer leaves through,
 * Astro's error pages included.
 */
import { env } from 'cloudflare:workers';
import { markdownNegotiation } from '../agents/markdown-negotiation.ts';
import { edgeCache, markUncached } from '../cache/edge-cache.ts';
import { requestGroupKey } from '../cache/group-key.ts';
import { backendClient, getConfig, publicOriginForUrl, storeForUrl } from '../config.ts';
import { freshFormTokens } from '../forms/fresh-tokens.ts';
import { loginWall } from '../gate/login-wall-step.ts';
import { passwordGate } from '../gate/password-gate.ts';
import { isJsonPath, serverErrorResponse } from '../http/server-error.ts';
import { sessionForRequest } from '../session/current-session.ts';
import { SESSION_COOKIE } from '../session/session-cookie.ts';
import { sessionStep } from '../session/session-step.ts';
import { HandOver, sequence, type Step } from './step.ts';

const errors: Step = async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (error instanceof HandOver) throw error;
    console.error(`${context.request.method} ${context.url.pathname} failed:`, error);
    // JSON paths answer JSON here; a page's failure goes on to Astro, which renders src/pages/500.astro.
    if (isJsonPath(context.url.pathname)) return serverErrorResponse(context.request);
    throw error;
  }
};

/** The steps that depend on configuration, built once per isolate on the first request (inside `errors`). */
function configuredSteps(): Step {
  const config = getConfig();
  return sequence(
    markUncached(),
    passwordGate({ password: config.PREVIEW_PASSWORD }),
    sessionStep({ secret: config.SESSION_SECRET, client: backendClient(config), storeFor: (url) => storeForUrl(url, config) }),
    loginWall({
      kv: env.CONTENT,
      storeFor: (url) => storeForUrl(url, config),
      isSignedIn: async (request) => (await sessionForRequest(request)) !== null,
    }),
    markdownNegotiation({
      kv: env.CONTENT,
      client: backendClient(config),
      storeFor: (url) => storeForUrl(url, config),
      originFor: (url) => publicOriginForUrl(url, config),
    }),
    freshFormTokens({ secret: config.STOREFRONT_PROXY_SECRET }),
    edgeCache({
      assetHash: config.ASSET_HASH,
      kv: env.CONTENT,
      storeFor: (url) => storeForUrl(url, config),
      session: { cookie: SESSION_COOKIE, groupOf: async (request) => requestGroupKey(await sessionForRequest(request), env.CONTENT, storeForUrl(new URL(request.url), config)) },
    }),
  );
}

let configured: Step | undefined;

/** The pipeline, one per isolate: both the Astro middleware and the early path run this one. */
export const storefrontPipeline: Step = sequence(errors, (context, next) => (configured ??= configuredSteps())(context, next));

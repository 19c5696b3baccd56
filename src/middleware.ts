/**
 * The storefront's request pipeline, in order. Static assets never get here (the Cloudflare
 * adapter serves them from the ASSETS binding first).
 *   1. errors: nothing escapes as a stack trace; management/API paths answer JSON.
 *   2. password gate: preview deployments only (PREVIEW_PASSWORD).
 *   3. session: who is signed in (the signed session cookie); clears a bad one, keeps signed-in pages private.
 *   4. login wall: B2B Access's store-wide wall sends guests to sign in (DECISIONS.md 43).
 *   5. markdown negotiation: page routes asked for markdown answer here, before (never in) the edge cache.
 *   6. fresh form tokens: pages holding a Custom Forms form get render tokens signed now, cached or not.
 *   7. edge cache: catalog HTML from the Cache API under the version tag (and a signed-in customer's
 *      group); X-Cache on the way out.
 *   8. routes: Astro pages and endpoints.
 * On the way out every response gets the standard headers (Link to the API catalog, security).
 */
import type { MiddlewareHandler } from 'astro';
import { env } from 'cloudflare:workers';
import { defineMiddleware, sequence } from 'astro:middleware';
import { markdownNegotiation } from './lib/agents/markdown-negotiation.ts';
import { edgeCache, markUncached } from './lib/cache/edge-cache.ts';
import { freshFormTokens } from './lib/forms/fresh-tokens.ts';
import { backendClient, getConfig, publicOriginForUrl, storeForUrl } from './lib/config.ts';
import { loginWall } from './lib/gate/login-wall-step.ts';
import { passwordGate } from './lib/gate/password-gate.ts';
import { jsonError } from './lib/http/responses.ts';
import { withStandardHeaders } from './lib/http/standard-headers.ts';
import { sessionForRequest } from './lib/session/current-session.ts';
import { SESSION_COOKIE } from './lib/session/session-cookie.ts';
import { sessionStep } from './lib/session/session-step.ts';

const JSON_PATHS = /^\/(sync|cache|freshness|pulse|api|embed)(\/|$)/;

const standardHeaders = defineMiddleware(async (context, next) => withStandardHeaders(await next(), context.url));

const errors = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    console.error(`${context.request.method} ${context.url.pathname} failed:`, error);
    if (JSON_PATHS.test(context.url.pathname)) {
      return jsonError(500, 'internal_error', 'The storefront failed to handle this request.');
    }
    throw error;
  }
});

/** The steps that depend on configuration, built once per isolate on the first request (inside `errors`). */
function buildConfiguredSteps(): MiddlewareHandler {
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
      session: { cookie: SESSION_COOKIE, groupOf: async (request) => (await sessionForRequest(request))?.groupId ?? null },
    }),
  );
}

let configuredSteps: MiddlewareHandler | undefined;
const configured = defineMiddleware((context, next) => (configuredSteps ??= buildConfiguredSteps())(context, next));

export const onRequest = sequence(standardHeaders, errors, configured);

import type { APIRoute } from 'astro';
import { backendClient, getConfig, storeForUrl } from '../../lib/config.ts';
import { proxyApiCall } from '../../lib/proxy/api-proxy.ts';
import { apiStore } from '../../lib/proxy/api-store.ts';
import { preflightAnswer, withCors } from '../../lib/proxy/cors.ts';
import { withSessionFromAuthAnswer } from '../../lib/session/auth-answer-cookie.ts';

/**
 * Any method on /api/*: the client API of the backend, proxied (never edge-cached), open to every
 * origin without credentials (DECISIONS.md 33; OPTIONS answers the preflight). A sign-in or sign-out
 * through it from the shop's own pages sets or clears the shop's session cookie.
 */
export const ALL: APIRoute = async ({ request, url }) => {
  if (request.method === 'OPTIONS') return preflightAnswer();
  const config = getConfig();
  const client = backendClient(config);
  const store = apiStore(request.headers.get('X-Store-Code'), storeForUrl(url, config), Object.values(config.STORES).map((entry) => entry.store));
  const response = await proxyApiCall(request, url, client, store, config.STOREFRONT_PROXY_SECRET);
  return withCors(await withSessionFromAuthAnswer(request, url, response, { secret: config.SESSION_SECRET, client, store }));
};

import type { APIRoute } from 'astro';
import { backendClient, getConfig, storeForUrl } from '../../lib/config.ts';
import { proxyApiCall } from '../../lib/proxy/api-proxy.ts';
import { withSessionFromAuthAnswer } from '../../lib/session/auth-answer-cookie.ts';

/**
 * Any method on /api/*: the client API of the backend, proxied (never edge-cached). A sign-in or
 * sign-out through it sets or clears the shop's session cookie.
 */
export const ALL: APIRoute = async ({ request, url }) => {
  const config = getConfig();
  const client = backendClient(config);
  const store = storeForUrl(url, config);
  const response = await proxyApiCall(request, url, client, store, config.STOREFRONT_PROXY_SECRET);
  return withSessionFromAuthAnswer(request, url, response, { secret: config.SESSION_SECRET, client, store });
};

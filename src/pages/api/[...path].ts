import type { APIRoute } from 'astro';
import { backendClient, getConfig, storeForUrl } from '../../lib/config.ts';
import { proxyApiCall } from '../../lib/proxy/api-proxy.ts';

/** Any method on /api/*: the client API of the backend, proxied (never edge-cached). */
export const ALL: APIRoute = ({ request, url }) => proxyApiCall(request, url, backendClient(), storeForUrl(url), getConfig().STOREFRONT_PROXY_SECRET);

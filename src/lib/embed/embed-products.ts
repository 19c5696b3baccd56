/**
 * GET `/embed/products` (SPEC.md "Widget endpoints", DECISIONS.md 14, 31, 32): the guest view of
 * the asked SKUs from KV, with the widget config. Public and cross-origin: every answer, errors
 * included, carries `Access-Control-Allow-Origin: *` so the widget on another site can read it.
 */
import { env } from 'cloudflare:workers';
import { storeForUrl } from '../config.ts';
import { contentStore } from '../content/content-store.ts';
import { pageOrigin } from '../catalog/page-origin.ts';
import { json, jsonError, methodNotAllowed } from '../http/responses.ts';
import { parseSkuQuery } from './sku-query.ts';
import { isStoreWalled } from './store-wall.ts';
import { detectedCountry, widgetConfig } from './widget-config.ts';
import { widgetProduct, type WidgetProduct } from './widget-product.ts';

const CORS = { 'Access-Control-Allow-Origin': '*' };
const METHODS = ['GET', 'HEAD', 'OPTIONS'];
/** SPEC.md limits: `/embed/products` is cached 5 minutes. */
const CACHE_CONTROL = 'public, max-age=300';
/** Store codes as the backend issues them (as in content/keys.ts). */
const STORE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(CORS)) response.headers.set(name, value);
  return response;
}

export async function embedProducts(request: Request & { cf?: { country?: unknown } }, url: URL): Promise<Response> {
  if (request.method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: { ...CORS, 'Access-Control-Allow-Methods': METHODS.join(', '), 'Access-Control-Max-Age': '86400' },
    });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return withCors(methodNotAllowed(METHODS));

  const query = parseSkuQuery(url.searchParams);
  if (!query.ok) return withCors(jsonError(400, query.error, query.message, { details: query.details }));

  const storeParam = url.searchParams.get('store');
  if (storeParam !== null && !STORE_CODE.test(storeParam)) {
    return withCors(jsonError(400, 'invalid_store', 'store is a store-view code: letters, digits, "_" and "-".'));
  }
  const content = contentStore(env.CONTENT, storeParam ?? storeForUrl(url));
  const config = await content.config();
  if (!config) {
    return storeParam === null
      ? withCors(jsonError(503, 'catalog_unavailable', 'This store has not loaded its catalog yet.'))
      : withCors(jsonError(404, 'unknown_store', `No store view "${storeParam}".`));
  }

  // A store walled off from guests shows them nothing, and the widget is always a guest.
  const found = isStoreWalled(config) ? [] : await Promise.all(query.skus.map((sku) => content.productBySku(sku)));
  const origin = pageOrigin(url);
  const products: WidgetProduct[] = found.flatMap((product) => (product ? [widgetProduct(product, origin)] : []));
  const response = json({ products, config: widgetConfig(config, detectedCountry(request.cf)) });
  response.headers.set('Cache-Control', CACHE_CONTROL);
  return withCors(response);
}

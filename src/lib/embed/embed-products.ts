/**
 * GET `/embed/products` (SPEC.md "Widget endpoints", DECISIONS.md 14, 31, 32): the guest view of
 * the asked SKUs from KV, with the widget config. Public and cross-origin: every answer, errors
 * included, carries `Access-Control-Allow-Origin: *` so the widget on another site can read it.
 */
import { env } from 'cloudflare:workers';
import { backendClient, storeForUrl } from '../config.ts';
import { contentStore, readProductsBySku } from '../content/content-store.ts';
import { recoveringStore } from '../content/recovering-store.ts';
import { accessSettings } from '../catalog/b2b-manifests.ts';
import { pageOrigin } from '../catalog/page-origin.ts';
import { isListingStub } from '../catalog/product-stub.ts';
import { stubCompleter } from '../catalog/stub-refetch.ts';
import type { Product } from '../content/schemas.ts';
import { json, jsonError, methodNotAllowed } from '../http/responses.ts';
import { parseSkuQuery } from './sku-query.ts';
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

export async function embedProducts(
  request: Request & { cf?: { country?: unknown } },
  url: URL,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Response> {
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
  const store = storeParam ?? storeForUrl(url);
  const config = await contentStore(env.CONTENT, store).config();
  if (!config) {
    return storeParam === null
      ? withCors(jsonError(503, 'catalog_unavailable', 'This store has not loaded its catalog yet.'))
      : withCors(jsonError(404, 'unknown_store', `No store view "${storeParam}".`));
  }

  // A store-wide login wall (DECISIONS.md 43) shows guests nothing, and the widget is always a guest.
  // A product whose key expired is read again from the backend, as its page would be (DECISIONS.md 52).
  const content = recoveringStore(contentStore(env.CONTENT, store), { kv: env.CONTENT, client: backendClient(), waitUntil });
  const found = accessSettings(config).wall !== null ? [] : await readProductsBySku(env.CONTENT, content, query.skus);
  // A configurable synced as a listing stub has no variants yet: completed as its page would be.
  const completeStub = stubCompleter({ client: backendClient(), kv: env.CONTENT, store, waitUntil });
  let incomplete = false;
  const complete = async (product: Product): Promise<Product> => {
    if (!isListingStub(product)) return product;
    const full = await completeStub(product);
    incomplete ||= full === null;
    return full ?? product;
  };
  const present = await Promise.all(found.filter((product) => product !== null).map(complete));
  const origin = pageOrigin(url);
  const products: WidgetProduct[] = present.map((product) => widgetProduct(product, origin));
  const response = json({ products, config: widgetConfig(config, detectedCountry(request.cf)) });
  // A product left without its options (backend down) is not worth keeping for five minutes.
  if (!incomplete) response.headers.set('Cache-Control', CACHE_CONTROL);
  return withCors(response);
}

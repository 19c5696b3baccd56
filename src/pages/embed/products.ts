import type { APIRoute } from 'astro';
import { embedProducts } from '../../lib/embed/embed-products.ts';

/** GET /embed/products: the widget's products and config (lib/embed/embed-products.ts). */
export const ALL: APIRoute = ({ request, url, locals }) =>
  embedProducts(request, url, (promise) => locals.cfContext.waitUntil(promise));

/** `GET /api/rest/v2/url-redirects`: the old paths the storefront answers with a 301 (url-redirects.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { collectionOf, errorResponses, jsonContent, PagingQuery } from '../../platform/http/schemas.ts';
import { publicCatalogCache } from '../../platform/http/cache-control.ts';
import { listRedirects } from './url-redirects.ts';

const UrlRedirect = z
  .object({
    from: z.string().openapi({ example: '/gear/old-tents' }),
    to: z.string().openapi({ example: '/gear/tents' }),
    entity: z.enum(['product', 'category']),
  })
  .openapi('UrlRedirect');

const route = createRoute({
  method: 'get',
  path: '/url-redirects',
  tags: ['Catalog'],
  summary: 'Old storefront paths of products and categories, and where they moved (301)',
  middleware: [publicCatalogCache] as const,
  request: { query: PagingQuery.extend({ entity: z.enum(['product', 'category']).optional() }) },
  responses: { 200: jsonContent(collectionOf(UrlRedirect, 'UrlRedirectCollection'), 'A page of redirects, oldest first'), ...errorResponses },
});

export const urlRedirectRoutes = createRouter<AppEnv>().openapi(route, async (c) => {
  const { entity, ...paging } = c.req.valid('query');
  return c.json(await listRedirects(c.var.db, entity, paging), 200);
});

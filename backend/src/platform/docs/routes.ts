import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { errorResponses } from '../http/schemas.ts';
import { loadSwaggerAssets, swaggerPage } from './swagger-ui.ts';

export const apiPrefix = '/api/rest/v2';
const title = 'Commerce REST API v2';

const specRoute = createRoute({
  method: 'get',
  path: `${apiPrefix}/docs.json`,
  tags: ['Docs'],
  summary: 'This OpenAPI 3.1 document',
  responses: { 200: { description: 'OpenAPI document', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } },
});

const pageRoute = createRoute({
  method: 'get',
  path: `${apiPrefix}/docs`,
  tags: ['Docs'],
  summary: 'Interactive API documentation (Swagger UI)',
  responses: { 200: { description: 'HTML page', content: { 'text/html': { schema: z.string() } } } },
});

const assetRoute = createRoute({
  method: 'get',
  path: `${apiPrefix}/docs/assets/{file}`,
  tags: ['Docs'],
  summary: 'Script, stylesheet and icon of the documentation page',
  request: { params: z.object({ file: z.string().openapi({ param: { name: 'file', in: 'path' }, example: 'swagger-ui.css' }) }) },
  responses: { 200: { description: 'The asset' }, 404: errorResponses[404] },
});

/**
 * Adds the docs to the root app. It must run after every documented router is mounted: the document
 * is generated from the root app's registry, which collects the routes of mounted routers.
 */
export function mountDocs(app: OpenAPIHono<AppEnv>): void {
  const assets = loadSwaggerAssets();
  const page = swaggerPage(title);
  app.openAPIRegistry.registerPath(specRoute);
  app.openAPIRegistry.registerPath(pageRoute);
  app.openAPIRegistry.registerPath(assetRoute);
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Access token from POST /api/rest/v2/auth/token (or /auth/login).',
  });

  app.doc31(specRoute.path, {
    openapi: '3.1.0',
    info: {
      title,
      version: '2.0.0',
      description:
        'Catalog, content, customers, carts and checkout of the shop. Choose a store view with the X-Store-Code header or ?store= (default store when absent). Send "Authorization: Bearer <access token>" for the caller\'s view; guests identify their cart with X-Cart-Token. Errors are JSON {error, message, details?}. Any operation may answer 503 {error: "overloaded"} with Retry-After: 1 when the backend is too busy to serve it in time (DECISIONS.md 58): nothing of the request was done, so it is safe to send again after that many seconds.',
    },
  });
  app.get(pageRoute.path, (c) => c.html(page, 200, { 'Cache-Control': 'public, max-age=3600' }));
  app.get(`${apiPrefix}/docs/assets/:file`, (c) => {
    const asset = assets.get(c.req.param('file'));
    if (!asset) throw new AppError('not_found', 'not_found', 'No such documentation asset.');
    return c.body(asset.body, 200, { 'Content-Type': asset.contentType, 'Cache-Control': 'public, max-age=3600' });
  });
}

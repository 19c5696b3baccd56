import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, openTestShop, type TestShop } from '../test/helpers/test-shop.ts';

const documentedPaths = [
  '/health',
  '/media/catalog/product/{file}',
  '/media/catalog/category/{file}',
  '/media/blog/{file}',
  '/api/rest/v2/stores',
  '/api/rest/v2/store-config',
  '/api/rest/v2/categories',
  '/api/rest/v2/products',
  '/api/rest/v2/products/{id}',
  '/api/rest/v2/cms-pages',
  '/api/rest/v2/blog-posts',
  '/api/rest/v2/countries',
  '/api/rest/v2/docs.json',
  '/api/rest/v2/docs',
];

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components?: { schemas?: Record<string, unknown> };
}

describe.each(dialects)('health and API docs (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('answers /health after a database round trip', async () => {
    const { status, body } = await shop.get('/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI 3.1 document of every route, with response schemas', async () => {
    const { status, body } = await shop.get('/api/rest/v2/docs.json');
    expect(status).toBe(200);
    const doc = body as OpenApiDocument;
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBeTruthy();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(documentedPaths));
    for (const path of documentedPaths) {
      const ok = doc.paths[path]?.get?.responses['200'];
      expect(ok, path).toBeDefined();
      expect(Object.values(ok?.content ?? {})[0]?.schema, path).toBeDefined();
    }
    const params = JSON.stringify(doc.paths['/api/rest/v2/products']);
    for (const name of ['page', 'itemsPerPage', 'urlKey', 'categoryId', 'updatedSince', 'sku', 'store', 'x-store-code']) expect(params).toContain(`"${name}"`);
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(expect.arrayContaining(['ProductListing', 'ProductDetail', 'CategoryNode', 'StoreConfig', 'Error']));
  });

  it('serves the Swagger UI page and its assets itself', async () => {
    const page = await shop.app.request('/api/rest/v2/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="(docs\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(expect.arrayContaining(['docs/assets/swagger-ui.css', 'docs/assets/swagger-ui-bundle.js', 'docs/assets/init.js']));
    expect(html).not.toMatch(/https?:\/\//);
    for (const asset of assets) {
      const response = await shop.app.request(`/api/rest/v2/${asset}`);
      expect(response.status, asset).toBe(200);
      expect((await response.arrayBuffer()).byteLength, asset).toBeGreaterThan(0);
    }
    const css = await shop.app.request('/api/rest/v2/docs/assets/swagger-ui.css');
    expect(css.headers.get('content-type')).toContain('text/css');
    expect((await shop.app.request('/api/rest/v2/docs/assets/package.json')).status).toBe(404);
  });
});

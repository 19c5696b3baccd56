import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

/** The routes of issue 5; each must be in the OpenAPI document with request and response schemas. */
const routes: [string, string][] = [
  ['post', '/api/rest/v2/auth/token'],
  ['post', '/api/rest/v2/auth/login'],
  ['post', '/api/rest/v2/auth/logout'],
  ['post', '/api/rest/v2/customers'],
  ['get', '/api/rest/v2/customers/me'],
  ['put', '/api/rest/v2/customers/me'],
  ['put', '/api/rest/v2/customers/me/password'],
  ['post', '/api/rest/v2/customers/password/forgot'],
  ['post', '/api/rest/v2/customers/password/reset'],
  ['get', '/api/rest/v2/customers/me/addresses'],
  ['post', '/api/rest/v2/customers/me/addresses'],
  ['put', '/api/rest/v2/customers/me/addresses/{id}'],
  ['delete', '/api/rest/v2/customers/me/addresses/{id}'],
  ['post', '/api/rest/v2/orders/lookup'],
  ['post', '/api/rest/v2/customers/me/orders/link'],
  ['get', '/api/rest/v2/customers/me/orders'],
  ['get', '/api/rest/v2/cart'],
  ['post', '/api/rest/v2/cart/items'],
  ['patch', '/api/rest/v2/cart/items/{id}'],
  ['delete', '/api/rest/v2/cart/items/{id}'],
  ['get', '/api/rest/v2/shipping-methods'],
  ['get', '/api/rest/v2/payment-methods'],
  ['post', '/api/rest/v2/payment-intents'],
  ['post', '/api/rest/v2/payment-intents/{id}/confirm'],
  ['post', '/api/rest/v2/checkout/place-order'],
  ['get', '/api/rest/v2/search'],
  ['get', '/api/rest/v2/admin/mail/outbox'],
  ['post', '/api/rest/v2/admin/orders/{id}/refunds'],
  ['post', '/api/rest/v2/admin/categories/{id}/move'],
];

interface Operation {
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('OpenAPI coverage of the commerce routes', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop('pglite');
  });
  afterAll(() => shop.close());

  it('documents every route with its request body and response schemas', async () => {
    const doc = (await shop.get('/api/rest/v2/docs.json')).body as { paths: Record<string, Record<string, Operation>> };
    for (const [method, path] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      const success = Object.entries(operation!.responses).find(([status]) => status.startsWith('2'))?.[1];
      expect(Object.values(success?.content ?? {})[0]?.schema, `${method} ${path} response`).toBeDefined();
      expect(operation!.responses['400'] ?? operation!.responses['401'], `${method} ${path} error`).toBeDefined();
      if (['post', 'put', 'patch'].includes(method) && !path.endsWith('/logout')) {
        expect(Object.values(operation!.requestBody?.content ?? {})[0]?.schema, `${method} ${path} request`).toBeDefined();
      }
    }
    expect(Object.keys(doc.paths['/api/rest/v2/auth/token']!.post!.requestBody!.content)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
    // Resend takes no body; its answer and errors are documented.
    const resend = doc.paths['/api/rest/v2/admin/mail/outbox/{id}/resend']?.post;
    expect(Object.keys(resend?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404', '409', '503']);
  });
});

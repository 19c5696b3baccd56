/**
 * `/api/*` → `{backend}/api/rest/v2/*` over real HTTP, observed from the hop in front of the
 * backend: what is forwarded, what is not, and that no encoded path reaches anything outside
 * /api/rest/v2. The proxy needs no synced content, so this storefront runs with a placeholder
 * SYNC_SECRET (its management endpoints must refuse to run). Backend calls time out after 1.5 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './support/raw-http.ts';
import type { SeenRequest } from './support/fault-proxy.ts';
import { startShop, type TestShop } from './support/shop.ts';

const PLACEHOLDER_SECRET = 'REPLACE_ME';
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ vars: { BACKEND_TIMEOUT_MS: '1500', SYNC_SECRET: PLACEHOLDER_SECRET } });
});
afterAll(async () => {
  await shop?.stop();
});

const storefront = (path: string, init?: RequestInit) => fetch(`${shop.storefront.url}${path}`, init);

/** What reached the backend while `run` ran. */
async function seenDuring(run: () => Promise<unknown>): Promise<SeenRequest[]> {
  shop.faults.seen.length = 0;
  await run();
  return [...shop.faults.seen];
}

describe('/api/* proxy', () => {
  it('maps the path and query onto /api/rest/v2 and relays the answer', async () => {
    let response: Response | undefined;
    const seen = await seenDuring(async () => {
      response = await storefront('/api/products?itemsPerPage=2&page=3');
    });
    expect(seen.map((request) => request.path)).toEqual(['/api/rest/v2/products?itemsPerPage=2&page=3']);
    expect(response?.status).toBe(200);
    expect(response?.headers.get('X-Cache')).toBe('BYPASS');
    const body = (await response?.json()) as { member: unknown[]; page: number };
    expect(body.member).toHaveLength(2);
    expect(body.page).toBe(3);
  });

  it('forwards only Authorization, Content-Type, Accept, Idempotency-Key, X-Cart-Token, the host store and the edge-seen client address', async () => {
    const [request] = await seenDuring(() =>
      storefront('/api/cart/items?x=1', {
        method: 'POST',
        headers: {
          Authorization: 'Bearer customer-token',
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Idempotency-Key': 'idem-1',
          'X-Cart-Token': 'cart-1',
          Cookie: 'preview_access=secret-cookie',
          // Not a configured store: the host decides.
          'X-Store-Code': 'nz',
          'X-Forwarded-For': '203.0.113.9',
          'X-Custom': 'nope',
          // The storefront's own-call marker (DECISIONS.md 51) never passes for a visitor.
          'X-Storefront-Call': `${Math.floor(Date.now() / 1000)}.${'a'.repeat(64)}`,
        },
        body: JSON.stringify({ sku: 'ABC', qty: 2 }),
      }),
    );
    expect(request).toMatchObject({ method: 'POST', path: '/api/rest/v2/cart/items?x=1', body: '{"sku":"ABC","qty":2}' });
    expect(request.headers).toMatchObject({
      authorization: 'Bearer customer-token',
      'content-type': 'application/json',
      accept: 'application/json',
      'idempotency-key': 'idem-1',
      'x-cart-token': 'cart-1',
      'x-store-code': 'default',
    });
    for (const name of ['cookie', 'x-custom', 'x-storefront-call']) expect(request.headers).not.toHaveProperty(name);
    // The shopper's address comes from the edge (CF-Connecting-IP, loopback here), signed; never from the client's header.
    expect(request.headers['x-forwarded-for']).toBeUndefined();
    expect(request.headers['x-client-ip']).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(request.headers['x-storefront-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(request.headers)).not.toContain(PLACEHOLDER_SECRET);
  });

  it('sends the store of the host, and relays backend errors as they are', async () => {
    const host = `au.localhost:${new URL(shop.storefront.url).port}`;
    let status = 0;
    const [request] = await seenDuring(async () => {
      status = (await rawRequest(shop.storefront.url, { path: '/api/products/999999', headers: { Host: host } })).status;
    });
    expect(request.headers['x-store-code']).toBe('au');
    expect(status).toBe(404);
  });

  it('answers any origin without credentials (DECISIONS.md 33): preflight, readable cart token, the store the widget names', async () => {
    const preflight = await storefront('/api/cart/items', {
      method: 'OPTIONS',
      headers: { Origin: 'https://blog.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, x-cart-token, x-store-code, idempotency-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toBe('Content-Type, Authorization, X-Cart-Token, Idempotency-Key, X-Store-Code');
    expect(preflight.headers.get('Access-Control-Allow-Credentials')).toBeNull();

    let answer: Response | undefined;
    const [request] = await seenDuring(async () => {
      answer = await storefront('/api/cart', { headers: { Origin: 'https://blog.example', 'X-Store-Code': 'au' } });
    });
    expect(request!.headers['x-store-code']).toBe('au');
    expect(answer!.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(answer!.headers.get('Access-Control-Expose-Headers')).toContain('X-Cart-Token');
    expect(answer!.headers.get('Set-Cookie')).toBeNull();
  });

  it('reaches the auth routes, the OpenAPI document and the docs page with its assets', async () => {
    const seen = await seenDuring(() => storefront('/api/auth/token', { method: 'POST', body: 'grant_type=password' }));
    expect(seen.map((request) => request.path)).toEqual(['/api/rest/v2/auth/token']);

    const spec = await storefront('/api/docs.json');
    expect(spec.status).toBe(200);
    expect(await spec.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    const page = await storefront('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="(docs\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      // Relative to /api/docs, as a browser resolves them.
      const response = await storefront(new URL(asset, `${shop.storefront.url}/api/docs`).pathname);
      expect(response.status, asset).toBe(200);
      await response.body?.cancel();
    }
  });

  // Targets outside /api/rest/v2 that the backend has (its health check, its admin) or that no
  // storefront route proxies. Dot segments spelled %2e are resolved by the URL parser before the
  // worker sees the request (`/api/%2e%2e/x` is `/x`, which no proxy route serves); encoded
  // slashes and backslashes are refused by the proxy itself.
  it.each([
    '/api/%2e%2e/%2e%2e/internal-status',
    '/api/./../internal-status',
    '/api/..%2f..%2fhealth',
    '/api/%2e%2e%2f%2e%2e%2fhealth',
    '/api/%2E%2E%2F%2E%2E%2Fadmin',
    '/api/docs/..%2f..%2f..%2fhealth',
    '/api/..%5c..%5chealth',
    '/api/%252e%252e/%252e%252e/health',
    '/api/stores/..%2F..%2F..%2F..%2Fmedia%2Fx.svg',
  ])('keeps %s inside /api/rest/v2', async (path) => {
    let status = 0;
    const seen = await seenDuring(async () => {
      status = (await rawRequest(shop.storefront.url, { path })).status;
    });
    for (const request of seen) expect(request.path.startsWith('/api/rest/v2/'), request.path).toBe(true);
    expect(status).toBeGreaterThanOrEqual(400);
  });

  it('answers 504 JSON when the backend does not answer in time', async () => {
    shop.faults.delay(/^\/api\/rest\/v2\/stores/, 3000);
    try {
      const response = await storefront('/api/stores');
      expect(response.status).toBe(504);
      expect(await response.json()).toMatchObject({ error: 'backend_timeout' });
    } finally {
      shop.faults.reset();
    }
  });
});

describe('a storefront whose SYNC_SECRET is a placeholder', () => {
  it.each(['/sync', '/sync/config', '/cache/update', '/cache/purge', '/cache/delete'])('runs nothing on %s (503)', async (path) => {
    const response = await storefront(path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${PLACEHOLDER_SECRET}` },
      body: JSON.stringify({ secret: PLACEHOLDER_SECRET, urls: ['/'], keys: ['pulse'], key: 'pulse', value: {} }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'sync_secret_not_configured' });
  });
});

describe('GET /admin', () => {
  it('redirects to the backend admin panel ({BACKEND_API_URL}/admin by default)', async () => {
    const response = await storefront('/admin', { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`${shop.faults.url}/admin`);
  });
});

describe('/plugins/{module}.js', () => {
  it("serves a module's script from the backend, same-origin, with its status", async () => {
    shop.faults.answer(/^\/plugins\/probe-module\.js$/, 200, { script: 'stand-in' });
    let response: Response | undefined;
    const seen = await seenDuring(async () => {
      response = await storefront('/plugins/probe-module.js');
    });
    expect(seen.map((request) => request.path)).toEqual(['/plugins/probe-module.js']);
    expect([response?.status, await response?.json()]).toEqual([200, { script: 'stand-in' }]);
    shop.faults.reset();
    // A module that is not loaded: the backend's 404 comes through.
    expect((await storefront('/plugins/not-loaded.js')).status).toBe(404);
  });

  it('never asks the backend for a name that is not a module id', async () => {
    const seen = await seenDuring(async () => {
      for (const path of ['/plugins/..%2fadmin.js', '/plugins/UPPER.js', '/plugins/a_b.js']) expect((await storefront(path)).status, path).toBe(404);
      expect((await storefront('/plugins/probe-module.js', { method: 'POST' })).status).toBe(405);
    });
    expect(seen.filter((request) => request.path.startsWith('/plugins/'))).toEqual([]);
  });
});

describe('a backend that is down', () => {
  it('makes the proxy answer 502 JSON', async () => {
    await shop.backend.stop();
    const response = await storefront('/api/stores');
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'backend_unavailable', message: 'The backend could not be reached.' });
  });
});

/**
 * The edge cache, the cache management endpoints, /freshness and the listing-stub refetch, over
 * real HTTP against the real backend and the built worker in workerd (whose Cache API stores, as
 * Cloudflare's does: miniflare implements caches.default in local mode).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryNode, CmsPage, ListingPage, Product, Pulse, StoreConfig } from '../src/lib/content/schemas.ts';
import { rawRequest } from './support/raw-http.ts';
import { startShop, type TestShop } from './support/shop.ts';

let shop: TestShop;
let category: CategoryNode;
beforeAll(async () => {
  shop = await startShop();
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  const tree = (await shop.kv.get<CategoryNode[]>('default:categories', 'json')) ?? [];
  category = tree.find((node) => node.productCount > 0)!;
});
afterAll(async () => {
  await shop?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${shop.storefront.url}${path}`, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${shop.storefront.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function xCache(path: string, headers: Record<string, string> = {}): Promise<string | null> {
  const response = await get(path, headers);
  await response.body?.cancel();
  return response.headers.get('X-Cache');
}

/** KV key listing with expirations (getWithMetadata does not report them). */
async function expirationOf(key: string): Promise<number | undefined> {
  const { keys } = await shop.kv.list({ prefix: key });
  return keys.find((entry) => entry.name === key)?.expiration;
}

/** The `skip`-th stored product (in key order) that passes the filter. */
async function firstProduct(filter: (product: Product) => boolean, skip = 0): Promise<Product> {
  const { keys } = await shop.kv.list({ prefix: 'default:product:' });
  let skipped = 0;
  for (const { name } of keys) {
    const product = await shop.kv.get<Product>(name, 'json');
    if (product && filter(product) && skipped++ === skip) return product;
  }
  throw new Error('no such product in the demo catalog');
}

describe('edge cache', () => {
  it('answers MISS, then HIT with the same ETag, and 304 for If-None-Match', async () => {
    const path = `/${category.urlPath}`;
    const miss = await get(path);
    const html = await miss.text();
    expect(miss.headers.get('X-Cache')).toBe('MISS');
    const etag = miss.headers.get('ETag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(miss.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');

    // Answered again and again from one in-memory copy, each time whole.
    for (let round = 0; round < 3; round++) {
      const hit = await get(path);
      expect(hit.headers.get('X-Cache')).toBe('HIT');
      expect(hit.headers.get('ETag')).toBe(etag);
      expect(await hit.text()).toBe(html);
    }

    const notModified = await get(path, { 'If-None-Match': etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('X-Cache')).toBe('HIT');
    expect(await notModified.text()).toBe('');
    expect((await get(path, { 'If-None-Match': '"something-else"' })).status).toBe(200);
  });

  it('shares one entry between URLs that differ only by tracking parameters', async () => {
    const path = `/${category.urlPath}`;
    await xCache(path);
    expect(await xCache(`${path}?utm_source=newsletter&gclid=123`)).toBe('HIT');
  });

  it('keys by store: the same path on another store host is its own entry', async () => {
    const path = `/${category.urlPath}`;
    await xCache(path);
    expect(await xCache(path)).toBe('HIT');
    const au = { Host: `au.localhost:${new URL(shop.storefront.url).port}` };
    const auConfig = await shop.kv.get<StoreConfig>('au:config', 'json');
    const first = await rawRequest(shop.storefront.url, { path, headers: au });
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.body).toContain(auConfig?.storeName);
    expect((await rawRequest(shop.storefront.url, { path, headers: au })).headers['x-cache']).toBe('HIT');
  });

  it.each([
    ['a request with Authorization', `/CATEGORY`, { Authorization: 'Bearer some-customer-token' }],
    ['a request with a session cookie', `/CATEGORY`, { Cookie: 'customer_session=abc' }],
    ['a markdown request', `/CATEGORY`, { Accept: 'text/markdown' }],
    ['/cart', '/cart', {}],
    ['/checkout', '/checkout', {}],
    ['/account', '/account', {}],
    ['/api/*', '/api/stores', {}],
    ['a 404', '/no-such-page-anywhere', {}],
    ['/pulse', '/pulse', {}],
  ])('bypasses %s', async (_name, path, headers) => {
    const target = path.replace('CATEGORY', category.urlPath);
    expect(await xCache(target, headers)).toBe('BYPASS');
    expect(await xCache(target, headers)).toBe('BYPASS');
  });

  it.each([
    ['/llms.txt', 'text/plain'],
    ['/sitemap.xml', 'application/xml'],
    ['/robots.txt', 'text/plain'],
    ['/.well-known/api-catalog', 'application/linkset+json'],
  ])('carries the agent document %s: MISS then HIT, keeping its own browser lifetime', async (path, type) => {
    const miss = await get(path);
    expect(miss.status).toBe(200);
    expect(miss.headers.get('Content-Type')).toContain(type);
    expect(['MISS', 'HIT']).toContain(miss.headers.get('X-Cache'));
    const hit = await get(path);
    expect(hit.headers.get('X-Cache')).toBe('HIT');
    expect(hit.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(await hit.text()).toBe(await miss.text());
  });

  it('never stores JSON answers without a public lifetime, nor the MCP placeholder', async () => {
    for (const path of ['/mcp', '/health']) {
      await get(path);
      expect((await get(path)).headers.get('X-Cache')).not.toBe('HIT');
    }
  });

  it('answers a HEAD from a stored page without its body, and never stores a HEAD\'s answer', async () => {
    const path = `/${category.urlPath}?head-test=1`;
    const first = await fetch(`${shop.storefront.url}${path}`, { method: 'HEAD' });
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Cache')).toBe('BYPASS');
    const miss = await get(path);
    expect(miss.headers.get('X-Cache')).toBe('MISS');
    await miss.body?.cancel();
    const head = await fetch(`${shop.storefront.url}${path}`, { method: 'HEAD' });
    expect(head.headers.get('X-Cache')).toBe('HIT');
    expect(head.headers.get('ETag')).toBe(miss.headers.get('ETag'));
    expect(head.headers.get('Content-Type')).toBe(miss.headers.get('Content-Type'));
    expect(await head.text()).toBe('');
  });

  it('bypasses non-GET requests and management endpoints', async () => {
    const response = await post('/freshness', { path: '/no-such-page-anywhere' });
    expect(response.headers.get('X-Cache')).toBe('BYPASS');
    expect((await shop.manage('/cache/purge', { urls: ['/'] })).headers.get('X-Cache')).toBe('BYPASS');
  });

  it('stays warm across a sync that changes nothing, and misses after a sync that does', async () => {
    const path = `/${category.urlPath}`;
    await xCache(path);
    expect(await xCache(path)).toBe('HIT');
    const pulse = (await shop.kv.get<Pulse>('pulse', 'json'))?.hash;
    expect((await shop.manage('/sync/products')).status).toBe(200);
    expect((await shop.kv.get<Pulse>('pulse', 'json'))?.hash).toBe(pulse);
    expect(await xCache(path)).toBe('HIT');

    shop.faults.transform(/^\/api\/rest\/v2\/store-config/, (config) => ({ ...(config as object), storeName: 'Renamed Store' }));
    try {
      expect((await shop.manage('/sync/config')).status).toBe(200);
    } finally {
      shop.faults.reset();
    }
    expect((await shop.kv.get<Pulse>('pulse', 'json'))?.hash).not.toBe(pulse);
    const after = await get(path);
    expect(after.headers.get('X-Cache')).toBe('MISS');
    expect(await after.text()).toContain('Renamed Store');
    expect((await shop.manage('/sync/config')).status).toBe(200);
  });
});

describe('security headers and page scripts', () => {
  it('sends a CSP with only our scripts and hashed island bootstraps, nosniff, a referrer policy and frame-ancestors', async () => {
    const response = await get(`/${category.urlPath}`);
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim()).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('Link')).toContain('rel="api-catalog"');
    // Plain HTTP: HSTS would be ignored by browsers and is not sent.
    expect(response.headers.has('Strict-Transport-Security')).toBe(false);
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    // A category page has no island: the freshness beacon, the B2B Access module's script (the demo
    // registers it), the header's cart badge and the filters' apply-on-change, all files.
    expect(scripts).toEqual([
      '<script src="/freshness.js" defer>',
      '<script src="/plugins/b2b-access.js" defer>',
      expect.stringMatching(/^<script type="module" src="\/_astro\/SiteHeader[\w.-]+\.js">$/),
      expect.stringMatching(/^<script type="module" src="\/_astro\/CategoryView[\w.-]+\.js">$/),
    ]);
  });

  it('serves the freshness beacon as a static script, and only product and category pages load it', async () => {
    const script = await get('/freshness.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('Content-Type')).toContain('javascript');
    expect(await script.text()).toContain("sendBeacon('/freshness'");
    expect(await (await get('/about-us')).text()).not.toContain('/freshness.js');
  });

  it('has no preview gate when PREVIEW_PASSWORD is unset', async () => {
    const home = await fetch(`${shop.storefront.url}/`, { redirect: 'manual' });
    expect(home.status).toBe(200);
    expect((await get('/preview-login')).status).toBe(404);
  });
});

describe('POST /cache/* (secret required)', () => {
  const bodies: Record<string, Record<string, unknown>> = {
    '/cache/update': { key: 'default:countries', value: [] },
    '/cache/purge': { urls: ['/'] },
    '/cache/delete': { keys: ['default:blog:no-such-post'] },
  };

  it.each(Object.keys(bodies))('%s refuses a missing or wrong secret the same way, and a wrong Bearer', async (path) => {
    const body = bodies[path];
    const missing = await post(path, body);
    const wrong = await post(path, { ...body, secret: 'w'.repeat(32) });
    expect(missing.status).toBe(401);
    expect(wrong.status).toBe(401);
    const expected = { error: 'unauthorized', message: 'A valid sync secret is required.' };
    expect(await missing.json()).toEqual(expected);
    expect(await wrong.json()).toEqual(expected);
    const headerDecides = await post(path, { ...body, secret: shop.syncSecret }, { Authorization: 'Bearer wrong-but-long-enough-1234' });
    expect(headerDecides.status).toBe(401);
    expect((await fetch(`${shop.storefront.url}${path}`)).status).toBe(405);
  });

  it('accepts the secret in the body as well as a Bearer header', async () => {
    const byBody = await post('/cache/purge', { urls: ['/'], secret: shop.syncSecret });
    expect(byBody.status).toBe(200);
    expect(await byBody.json()).toMatchObject({ success: true, urls: 1 });
    expect((await shop.manage('/cache/purge', { urls: ['/'] })).status).toBe(200);
  });

  it('purge turns a HIT into a MISS, on every store host of the path', async () => {
    const path = `/${category.urlPath}`;
    const au = { path, headers: { Host: `au.localhost:${new URL(shop.storefront.url).port}` } };
    await Promise.all([xCache(path), rawRequest(shop.storefront.url, au)]);
    expect(await xCache(path)).toBe('HIT');
    expect((await rawRequest(shop.storefront.url, au)).headers['x-cache']).toBe('HIT');
    const response = await shop.manage('/cache/purge', { urls: [path, '/nothing-cached-here'] });
    expect(await response.json()).toEqual({ success: true, urls: 2, purged: 2, global: false });
    expect(await xCache(path)).toBe('MISS');
    expect((await rawRequest(shop.storefront.url, au)).headers['x-cache']).toBe('MISS');
    expect(await xCache(path)).toBe('HIT');
  });

  it.each([
    [{ urls: [] }, 'urls'],
    [{ urls: ['women'] }, 'urls.0'],
    [{ urls: ['/', 'https://elsewhere.example/x'] }, 'urls.1'],
    [{ urls: ['/'], extra: true }, 'extra'],
  ])('purge answers 400 naming the field of %j', async (body, field) => {
    const response = await shop.manage('/cache/purge', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_field', details: { field } });
  });

  it('update writes a validated record (with metadata and an optional TTL), and purge shows it', async () => {
    const key = 'default:cms:about-us';
    const page = (await shop.kv.get<CmsPage>(key, 'json'))!;
    await xCache('/about-us');
    const edited = { ...page, title: 'About our workshop', updatedAt: '2026-11-20 09:30:00' };
    const response = await shop.manage('/cache/update', { key, value: edited, ttl: 3600 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, written: 1 });
    const stored = await shop.kv.getWithMetadata<CmsPage>(key, 'json');
    expect(stored.value?.title).toBe('About our workshop');
    expect(stored.metadata).toEqual({ updatedAt: '2026-11-20 09:30:00' });
    const expiration = await expirationOf(key);
    expect(expiration).toBeGreaterThan(Date.now() / 1000 + 3500);

    expect(await xCache('/about-us')).toBe('HIT');
    await shop.manage('/cache/purge', { urls: ['/about-us'] });
    expect(await (await get('/about-us')).text()).toContain('About our workshop');
    expect((await shop.manage('/cache/update', { key, value: page })).status).toBe(200);
    expect(await expirationOf(key)).toBeUndefined();
  });

  it.each([
    [{ key: 'default:secrets', value: {} }, 'key'],
    [{ key: 'freshness:default:config', value: {} }, 'key'],
    [{ key: 'default:countries', value: { not: 'a list' } }, 'value'],
    [{ key: 'default:cms:about-us', value: { identifier: 'about-us' } }, 'value.id'],
    [{ key: 'default:countries' }, 'value'],
    [{ key: 'default:countries', value: [], ttl: 10 }, 'ttl'],
  ])('update answers 400 naming the field of %j and writes nothing', async (body, field) => {
    const before = await shop.kv.get('default:countries');
    const response = await shop.manage('/cache/update', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_field', details: { field } });
    expect(await shop.kv.get('default:countries')).toBe(before);
  });

  it('delete removes KV entries of the SPEC.md shapes only', async () => {
    const key = 'default:blog:scratch-post';
    await shop.kv.put(key, '{}');
    const refused = await shop.manage('/cache/delete', { keys: [key, 'not-a-content-key'] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ details: { field: 'keys.1' } });
    expect(await shop.kv.get(key)).toBe('{}');
    const response = await shop.manage('/cache/delete', { keys: [key] });
    expect(await response.json()).toEqual({ success: true, deleted: 1 });
    expect(await shop.kv.get(key)).toBeNull();
  });
});

describe('listing-stub refetch', () => {
  it('renders the full record and writes it back with a 24-hour TTL, keeping updatedAt metadata', async () => {
    const stub = await firstProduct((product) => product.type === 'configurable' && !product.configurableOptions?.length);
    const key = `default:product:${stub.urlKey}`;
    expect(await expirationOf(key)).toBeUndefined();

    const html = await (await get(`/${stub.urlKey}`)).text();
    let stored = await shop.kv.getWithMetadata<Product>(key, 'json');
    for (let tries = 0; tries < 50 && !stored.value?.configurableOptions?.length; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stored = await shop.kv.getWithMetadata<Product>(key, 'json');
    }
    const options = stored.value?.configurableOptions ?? [];
    expect(options.length).toBeGreaterThan(0);
    expect(html).toContain(options[0].label);
    expect(stored.metadata).toEqual({ updatedAt: stored.value?.updatedAt });
    const expiration = (await expirationOf(key)) ?? 0;
    expect(expiration).toBeGreaterThan(Date.now() / 1000 + 86_400 - 120);
    expect(expiration).toBeLessThanOrEqual(Date.now() / 1000 + 86_400 + 5);
  });

  it('renders the stub without caching it when the backend cannot complete it', async () => {
    const stub = await firstProduct((product) => product.type === 'bundle' && !product.bundleOptions?.length);
    shop.faults.failWhen(new RegExp(`^/api/rest/v2/products/${stub.id}(\\?|$)`), 503);
    try {
      const response = await get(`/${stub.urlKey}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('X-Cache')).toBe('BYPASS');
      expect(await response.text()).toContain(stub.sku);
    } finally {
      shop.faults.reset();
    }
    expect(await expirationOf(`default:product:${stub.urlKey}`)).toBeUndefined();
  });
});

describe('POST /freshness', () => {
  it('refuses any attempt to send content, and changes nothing', async () => {
    const key = 'default:cms:privacy-policy';
    const before = await shop.kv.get(key);
    const forged = { id: 1, identifier: 'privacy-policy', title: 'Forged', content: 'x', updatedAt: '2030-01-01 00:00:00' };
    for (const body of [{ key, value: forged }, { path: '/privacy-policy', content: forged }, { path: '/privacy-policy', key }, {}]) {
      const response = await post('/freshness', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_field' });
    }
    expect(await shop.kv.get(key)).toBe(before);
    expect((await post('/freshness', { key: 'pulse' })).status).toBe(400);
    expect((await post('/freshness', { path: '/no-such-page-anywhere' })).status).toBe(404);
  });

  it('answers unchanged when the backend has the same record', async () => {
    const response = await post('/freshness', { path: '/privacy-policy' });
    expect(await response.json()).toEqual({ status: 'unchanged' });
    const simple = await firstProduct((product) => product.type === 'simple');
    expect(await (await post('/freshness', { key: `default:product:${simple.urlKey}` })).json()).toEqual({ status: 'unchanged' });
  });

  it('writes and purges a record the backend changed, then throttles that key for a minute', async () => {
    // Not the product of the previous test: its key is throttled for a minute now.
    const product = await firstProduct((candidate) => candidate.type === 'simple', 1);
    const path = `/${product.urlKey}`;
    await xCache(path);
    expect(await xCache(path)).toBe('HIT');
    shop.faults.transform(new RegExp(`^/api/rest/v2/products/${product.id}(\\?|$)`), (record) => ({
      ...(record as Product),
      name: 'Freshly Renamed Product',
    }));
    try {
      expect(await (await post('/freshness', { path })).json()).toEqual({ status: 'updated' });
    } finally {
      shop.faults.reset();
    }
    const stored = await shop.kv.getWithMetadata<Product>(`default:product:${product.urlKey}`, 'json');
    expect(stored.value?.name).toBe('Freshly Renamed Product');
    expect(stored.metadata).toEqual({ updatedAt: product.updatedAt });
    const page = await get(path);
    expect(page.headers.get('X-Cache')).toBe('MISS');
    expect(await page.text()).toContain('Freshly Renamed Product');
    expect(await (await post('/freshness', { path })).json()).toEqual({ status: 'throttled' });
    expect(await (await post('/freshness', { key: `default:product:${product.urlKey}` })).json()).toEqual({ status: 'throttled' });
  });

  it("purges a changed blog post's page and the blog's index", async () => {
    const { keys } = await shop.kv.list({ prefix: 'default:blog:' });
    expect(keys.length).toBeGreaterThan(0);
    const identifier = keys[0]!.name.slice('default:blog:'.length);
    const path = `/blog/${encodeURIComponent(identifier)}`;
    for (const page of [path, '/blog']) {
      await xCache(page);
      expect(await xCache(page)).toBe('HIT');
    }
    shop.faults.transform(/^\/api\/rest\/v2\/blog-posts\?/, (body) => {
      const collection = body as { member: Array<Record<string, unknown>> };
      return { ...collection, member: collection.member.map((post) => ({ ...post, title: 'A Freshly Retitled Post' })) };
    });
    try {
      expect(await (await post('/freshness', { key: `default:blog:${identifier}` })).json()).toEqual({ status: 'updated' });
    } finally {
      shop.faults.reset();
    }
    for (const page of [path, '/blog']) {
      const response = await get(page);
      expect(response.headers.get('X-Cache')).toBe('MISS');
      expect(await response.text()).toContain('A Freshly Retitled Post');
    }
  });

  it("gives a product's new price to the category listings that show it, and purges their pages", async () => {
    // A product on the category's first listing page that the tests above did not throttle.
    const throttled = new Set([(await firstProduct((p) => p.type === 'simple')).id, (await firstProduct((p) => p.type === 'simple', 1)).id]);
    const listingKey = `default:products:category:${category.id}:page:1`;
    const listing = (await shop.kv.get<ListingPage>(listingKey, 'json'))!;
    const card = listing.products.find((candidate) => candidate.type === 'simple' && !throttled.has(candidate.id))!;
    expect(card).toBeDefined();
    const path = `/${category.urlPath}`;
    await xCache(path);
    expect(await xCache(path)).toBe('HIT');

    shop.faults.transform(new RegExp(`^/api/rest/v2/products/${card.id}(\\?|$)`), (record) => ({
      ...(record as Product),
      price: 777.77,
      specialPrice: null,
      finalPrice: 777.77,
      minimalPrice: 777.77,
    }));
    try {
      expect(await (await post('/freshness', { key: `default:product:${card.urlKey}` })).json()).toEqual({ status: 'updated' });
    } finally {
      shop.faults.reset();
    }
    const corrected = await shop.kv.getWithMetadata<ListingPage, { hash?: string }>(listingKey, 'json');
    expect(corrected.value!.products.find((candidate) => candidate.id === card.id)).toMatchObject({ price: 777.77, finalPrice: 777.77 });
    // Only that card changed, and the key keeps a content hash as the sync writes it.
    expect(corrected.value!.products.filter((candidate) => candidate.id !== card.id)).toEqual(listing.products.filter((candidate) => candidate.id !== card.id));
    expect(corrected.metadata?.hash).toMatch(/^[0-9a-f]{16}$/);
    const page = await get(path);
    expect(page.headers.get('X-Cache')).toBe('MISS');
    expect(await page.text()).toContain('777.77');
  });

  it('re-reads the category tree for a category page', async () => {
    const listing = await shop.kv.get<ListingPage>(`default:products:category:${category.id}:page:1`, 'json');
    expect(listing).not.toBeNull();
    expect(await (await post('/freshness', { path: `/${category.urlPath}` })).json()).toEqual({ status: 'unchanged' });
  });
});

/** A response's headers but Date (the clock's, not the storefront's), by name. */
async function headersOf(response: Response): Promise<Record<string, string>> {
  await response.body?.cancel();
  return Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
}

describe('the early path (answers before Astro runs, lib/pipeline/early-response.ts)', () => {
  it('answers a HIT, a 304, a signed-in HIT and the fixed routes with exactly the headers Astro\'s path gives them', async () => {
    const path = `/${category.urlPath}?early-path-test=1`;
    const miss = await get(path);
    expect(miss.headers.get('X-Cache')).toBe('MISS');
    const etag = miss.headers.get('ETag')!;
    await miss.body?.cancel();
    await (await get('/robots.txt')).body?.cancel(); // stored, so both runs answer it from the Cache API
    // A signed-in customer's view, stored under their group's key (the demo's retail shopper).
    const login = await fetch(`${shop.storefront.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: shop.storefront.url },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'Shopper#2026' }),
    });
    expect(login.status).toBe(200);
    const session = login.headers.getSetCookie().find((value) => value.startsWith('shop_session='))!.split(';')[0]!;
    expect((await xCache(path, { Cookie: session }))).toBe('MISS');
    const signedIn = async () => {
      const response = await get(path, { Cookie: session });
      const body = await response.clone().text();
      return { headers: await headersOf(response), greets: /data-customer-name[^>]*>([^<]*)</.exec(body)?.[1] };
    };
    /** Cache API HIT (first after a start: the hot-page memo is empty), memo HIT, 304, /pulse, /health, /robots.txt. */
    const answers = async () => ({
      fromCacheApi: await headersOf(await get(path)),
      fromMemo: await headersOf(await get(path)),
      revalidated: await headersOf(await get(path, { 'If-None-Match': etag })),
      pulse: await headersOf(await get('/pulse')),
      health: await headersOf(await get('/health')),
      robots: await headersOf(await get('/robots.txt')),
      signedIn: await signedIn(),
    });

    await shop.restartStorefront({ EARLY_RESPONSES: 'off' }, { samePort: true });
    const astro = await answers();
    await shop.restartStorefront({}, { samePort: true });
    const early = await answers();

    expect(early).toEqual(astro);
    expect(early.fromCacheApi['x-cache']).toBe('HIT');
    expect(early.fromMemo['x-cache']).toBe('HIT');
    expect(early.fromCacheApi.vary).toBe('Accept');
    expect(early.revalidated).toMatchObject({ 'x-cache': 'HIT', etag, vary: 'Accept', link: '</.well-known/api-catalog>; rel="api-catalog"' });
    expect(early.fromCacheApi['content-security-policy']).toContain("default-src 'self'");
    expect(early.robots['x-cache']).toBe('HIT');
    expect(early.signedIn.headers['x-cache']).toBe('HIT');
    expect(early.signedIn.headers['cache-control']).toBe('private, no-store');
    expect(early.signedIn.greets).toBeTruthy();
    expect(early.pulse['x-cache']).toBe('BYPASS');
  }, 120_000);

  it('misses within a second of a pulse written by another isolate (the README\'s staleness)', async () => {
    const path = `/${category.urlPath}?early-path-test=2`;
    expect(await xCache(path)).toBe('MISS');
    expect(await xCache(path)).toBe('HIT');
    const pulse = (await shop.kv.get<Pulse>('pulse', 'json'))!;
    await shop.kv.put('pulse', JSON.stringify({ hash: 'written-elsewhere', updatedAt: new Date().toISOString() }));
    const written = Date.now();
    try {
      let status: string | null;
      do status = await xCache(path);
      while (status === 'HIT' && Date.now() - written < 5_000);
      expect(status).toBe('MISS');
      // PULSE_MS (1 s), plus a request's time on a loaded machine.
      expect(Date.now() - written).toBeLessThan(2_000);
    } finally {
      await shop.kv.put('pulse', JSON.stringify(pulse));
    }
  });
});

/**
 * `/embed/products` over real HTTP (real backend, built worker in workerd, synced demo catalog):
 * the guest view by SKU with the widget config, CORS for other sites, and clear 400s for bad asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driftOf } from '../contracts/drift.ts';
import { embedProductsSchema } from '../contracts/widget-product.ts';
import type { Product, StoreConfig } from '../src/lib/content/schemas.ts';
import { adminToken } from './support/outbox.ts';
import { startShop, type TestShop } from './support/shop.ts';
import { indexedUrlKey } from './support/sku-index.ts';

let shop: TestShop;
/** Guest-visible products of the demo, as the backend lists them: a simple one and a configurable. */
let simple: Product;
let configurable: Product;

const embed = (query: string, init?: RequestInit) => fetch(`${shop.storefront.url}/embed/products?${query}`, init);

beforeAll(async () => {
  shop = await startShop();
  expect((await shop.manage('/sync')).status).toBe(200);
  const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=100`)).json()) as { member: Product[] };
  simple = listing.member.find((product) => product.type === 'simple' && product.price !== null)!;
  const configurableId = listing.member.find((product) => product.type === 'configurable')!.id;
  configurable = (await (await fetch(`${shop.backend.url}/api/rest/v2/products/${configurableId}`)).json()) as Product;
});

afterAll(() => shop?.stop());

describe('GET /embed/products', () => {
  it('answers the asked SKUs from KV with absolute images, variants and the widget config, cacheable and open to every origin', async () => {
    const response = await embed(`skus[]=${simple.sku}&skus=${configurable.sku},NO-SUCH-SKU`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
    const body = (await response.json()) as { products: Array<Record<string, unknown>>; config: Record<string, unknown> };
    // The widget reads this answer with the shared contract's types (contracts/widget-product.ts).
    expect(driftOf(embedProductsSchema, body)).toEqual([]);
    expect(body.products.map((product) => product.sku)).toEqual([simple.sku, configurable.sku]);
    expect(body.products[0]).toMatchObject({
      name: simple.name, type: 'simple', price: simple.price, finalPrice: simple.finalPrice, stockStatus: simple.stockStatus,
      imageUrl: new URL(simple.imageUrl, shop.storefront.url).href,
    });
    const variants = body.products[1]!.variants as Array<Record<string, unknown>>;
    expect(variants.length).toBe(configurable.variants!.length);
    expect(variants[0]).toEqual({
      sku: configurable.variants![0]!.sku, attributes: configurable.variants![0]!.attributes, price: configurable.variants![0]!.price,
      finalPrice: configurable.variants![0]!.finalPrice, stockStatus: configurable.variants![0]!.stockStatus,
      imageUrl: new URL(configurable.variants![0]!.imageUrl, shop.storefront.url).href,
    });
    // The test provider's own public key until the store view has one (Stores → Widget keys).
    expect(body.config).toMatchObject({ currency: 'USD', defaultCountry: 'US', paymentProvider: 'test', paymentPublishableKey: 'pk_test_local', mapsKey: null });
    expect(body.config.detectedCountry).toMatch(/^([A-Z]{2})?$/);
    // Found through the index the product sync wrote.
    expect(await indexedUrlKey(shop.kv, 'default', simple.sku)).toBe(simple.urlKey);
  });

  it('keeps gated prices null with the flags, and leaves out products hidden from guests', async () => {
    const body = (await (await embed('skus=TS-MUG48,WO-PALLET')).json()) as { products: Array<Record<string, unknown>> };
    expect(driftOf(embedProductsSchema, body)).toEqual([]);
    expect(body.products).toHaveLength(1);
    expect(body.products[0]).toMatchObject({ sku: 'TS-MUG48', price: null, finalPrice: null, gateFlags: { hidePrice: true, canCheckout: false } });
    expect(body.products[0]!.hiddenPriceMessage).toEqual(expect.stringContaining('Trade prices'));
  });

  it('serves the au store view with store=au, with the keys its admin set once the config is synced', async () => {
    const token = await adminToken(shop);
    const saved = await fetch(`${shop.backend.url}/api/rest/v2/admin/widget-keys?store=au`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ paymentPublishableKey: 'pk_test_51AuStoreKey', mapsKey: 'au-maps-key-0123' }),
    });
    expect(saved.status).toBe(200);
    expect((await shop.manage('/sync/config')).status).toBe(200);
    const body = (await (await embed(`skus=${simple.sku}&store=au`)).json()) as { products: unknown[]; config: Record<string, unknown> };
    expect(body.config).toMatchObject({ currency: 'AUD', paymentPublishableKey: 'pk_test_51AuStoreKey', mapsKey: 'au-maps-key-0123' });
    expect(body.products).toHaveLength(1);
  });

  it('refuses more than 20 SKUs, none, bad SKUs and unknown stores with a JSON error the widget can read', async () => {
    const cases: Array<[string, number, string]> = [
      [`skus=${Array.from({ length: 21 }, (_, index) => `S${index}`).join(',')}`, 400, 'too_many_skus'],
      ['skus=', 400, 'missing_skus'],
      ['skus=A%00B', 400, 'invalid_sku'],
      [`skus=${simple.sku}&store=../x`, 400, 'invalid_store'],
      [`skus=${simple.sku}&store=nowhere`, 404, 'unknown_store'],
    ];
    for (const [query, status, error] of cases) {
      const response = await embed(query);
      expect(response.status, query).toBe(status);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(await response.json()).toMatchObject({ error, message: expect.any(String) });
    }
  });

  it('shows guests no products while B2B Access walls off the whole store', async () => {
    const config = (await shop.kv.get<StoreConfig>('au:config', 'json'))!;
    const wall = { code: 'access', config: { enabled: true, loginWall: { storeWide: true, redirectTo: '/login', exemptPaths: [] } } };
    const walled = { ...config, extensions: { ...config.extensions, b2bPlugins: [wall] } };
    expect((await shop.manage('/cache/update', { key: 'au:config', value: walled })).status).toBe(200);
    try {
      // The isolate memo keeps the previous config for up to 5 s.
      await expect.poll(async () => ((await (await embed(`skus=${simple.sku}&store=au`)).json()) as { products: unknown[] }).products.length).toBe(0);
    } finally {
      expect((await shop.manage('/cache/update', { key: 'au:config', value: config })).status).toBe(200);
    }
  });

  it('answers a preflight with 204 and other methods with 405', async () => {
    const preflight = await embed('skus=A', { method: 'OPTIONS', headers: { Origin: 'https://blog.example', 'Access-Control-Request-Method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const post = await embed('skus=A', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(await post.json()).toMatchObject({ error: 'method_not_allowed' });
  });
});

describe('GET /embed-demo', () => {
  it('shows the snippet with this store\'s origin, the attributes and live examples of real products', async () => {
    const response = await fetch(`${shop.storefront.url}/embed-demo`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('noindex');
    expect(html).toContain(`&lt;script src=&quot;${shop.storefront.url}/embed.js&quot; data-store=&quot;${shop.storefront.url}&quot; async&gt;&lt;/script&gt;`);
    for (const attribute of ['data-store-code', 'data-currency', 'data-accent', 'data-country', 'data-maps-key']) expect(html).toMatch(new RegExp(`<code[^>]*>${attribute}</code>`));
    const examples = [...html.matchAll(/<section data-embed-example="([a-z0-9-]+)"[^>]*>[\s\S]*?<div data-shop-product="([^"]+)"/g)].map((match) => [match[1], match[2]]);
    expect(examples.map(([kind]) => kind)).toEqual(['simple', 'configurable', 'sold-out', 'b2b-gated']);
    // Every example is a SKU the widget can fetch.
    const body = (await (await embed(`skus=${examples.map(([, sku]) => sku).join(',')}`)).json()) as { products: { sku: string }[] };
    expect(body.products.map((product) => product.sku).sort()).toEqual(examples.map(([, sku]) => sku).sort());
    expect(html).toMatch(/<script src="\/embed\.js" data-store="[^"]+"[^>]*async[^>]*><\/script>/);
  });
});

describe('GET /embed.js', () => {
  const expectScript = (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/javascript/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  };

  it('is the built widget, cacheable for an hour and loadable from any origin, with no eval', async () => {
    const response = await fetch(`${shop.storefront.url}/embed.js`);
    expectScript(response);
    const loader = await response.text();
    expect(loader).not.toMatch(/\beval\(|new Function\(/);
    // The loader imports the main module, which imports the chunks on first use (issue 34): each
    // is served from the store's origin with the loader's caching and CORS headers.
    const main = /"(embed\/main-[\w-]+\.js)"/.exec(loader)?.[1];
    expect(main).toBeDefined();
    const mainResponse = await fetch(`${shop.storefront.url}/${main}`);
    expectScript(mainResponse);
    const source = await mainResponse.text();
    expect(source).toContain('shop-product-card');
    const chunks = [...source.matchAll(/import\(`\.\/([\w-]+\.js)`\)/g)].map((match) => match[1]);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    for (const chunk of chunks) {
      const chunkResponse = await fetch(`${shop.storefront.url}/embed/${chunk}`);
      expectScript(chunkResponse);
      expect(await chunkResponse.text()).not.toMatch(/\beval\(|new Function\(/);
    }
  });
});

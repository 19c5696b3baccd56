/**
 * The sync over real HTTP: the real backend (embedded PostgreSQL, demo catalog) and the built
 * storefront in workerd. Asserts what lands in KV, what the pages show, and that a failed sync
 * leaves everything as it was.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIET_ENV, ROOT } from '../scripts/lib/processes.ts';
import { contentKeys } from '../src/lib/content/keys.ts';
import { markedRecordSchemas, RECORD_FORMAT } from '../src/lib/content/record-format.ts';
import type { CategoryNode, ListingPage, Product, Pulse, StoreConfig } from '../src/lib/content/schemas.ts';
import { adminAuthorization } from './support/access-module.ts';
import { startShop, type TestShop } from './support/shop.ts';

interface Collection<T> {
  member: T[];
  totalItems: number;
}
interface SyncBody {
  success: boolean;
  synced: Record<string, number>;
  duration: string;
  kv?: { written: number; unchanged: number; deleted: number };
  errors?: Array<{ type: string; path: string; message: string }>;
  invocations?: { steps: number; maxKvOperations: number; maxSubrequests: number; maxStepMs: number; driverSubrequests: number };
}

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.stop();
});

async function api<T>(path: string, store = 'default'): Promise<T> {
  const response = await fetch(`${shop.backend.url}/api/rest/v2${path}`, { headers: { 'X-Store-Code': store } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
const products = (query: string, store?: string) => api<Collection<Product>>(`/products?${query}`, store);
const categories = async () => (await api<Collection<CategoryNode>>('/categories')).member;
const syncBody = async (response: Response) => (await response.json()) as SyncBody;
/** A script of this repository run with Node, without blocking the test's event loop. */
function runScript(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
const page = (path: string, host?: string) =>
  fetch(`${shop.storefront.url}${path}`, host ? { headers: { Host: host } } : {});

describe('POST /sync', () => {
  it('refuses a missing or wrong secret, and a wrong Bearer even with a right body secret', async () => {
    const url = `${shop.storefront.url}/sync`;
    const missing = await fetch(url, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: 'unauthorized' });
    const wrongBody = await fetch(url, { method: 'POST', body: JSON.stringify({ secret: 'x'.repeat(30) }) });
    expect(wrongBody.status).toBe(401);
    const headerDecides = await fetch(url, {
      method: 'POST',
      headers: { Authorization: 'Bearer wrong-secret-wrong-secret' },
      body: JSON.stringify({ secret: shop.syncSecret }),
    });
    expect(headerDecides.status).toBe(401);
    const get = await fetch(url);
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
  });

  it('syncs every entity type of every store and reports the counts', async () => {
    const response = await shop.manage('/sync');
    const body = await syncBody(response);
    expect(response.status, JSON.stringify(body)).toBe(200);
    const stores = (await api<Collection<{ code: string }>>('/stores')).member;
    expect(stores.map((store) => store.code)).toEqual(expect.arrayContaining(['default', 'au']));

    const total = { products: 0, cmsPages: 0, blogPosts: 0 };
    for (const { code } of stores) {
      total.products += (await products('itemsPerPage=1', code)).totalItems;
      total.cmsPages += (await api<Collection<unknown>>('/cms-pages?itemsPerPage=1', code)).totalItems;
      total.blogPosts += (await api<Collection<unknown>>('/blog-posts?itemsPerPage=1', code)).totalItems;
    }
    expect(body).toMatchObject({ success: true, synced: { config: stores.length, ...total } });
    expect(body.synced.categories).toBeGreaterThan(0);
    expect(body.synced.countries).toBeGreaterThanOrEqual(7);
    expect(body.duration).toMatch(/^\d+\.\d{2}s$/);
    expect(body.kv?.unchanged).toBe(0);
    // A first sync writes every record (about 890 keys here, the SKU index in buckets), and no
    // invocation spent more than its budget (tests/sync-at-scale.test.ts writes 25 budgets' worth).
    expect(body.kv!.written).toBeGreaterThan(800);
    expect(body.invocations).toMatchObject({ maxKvOperations: expect.any(Number), maxSubrequests: expect.any(Number) });
    expect(body.invocations!.maxKvOperations).toBeLessThanOrEqual(1_000);
    expect(body.invocations!.steps).toBeGreaterThan(Math.ceil(body.kv!.written / 1_000) + 12);
  });

  it('stores validated records under the keys of SPEC.md, with updatedAt metadata on products', async () => {
    const config = await api<StoreConfig>('/store-config', 'au');
    expect(await shop.kv.get('au:config', 'json')).toMatchObject({ storeName: config.storeName, baseCurrencyCode: 'AUD' });

    const [listed] = (await products('itemsPerPage=1&page=2')).member;
    const stored = await shop.kv.getWithMetadata(`default:product:${listed.urlKey}`, 'json');
    expect(stored.value).toMatchObject({ sku: listed.sku, name: listed.name, finalPrice: listed.finalPrice });
    expect(stored.metadata).toEqual({ updatedAt: listed.updatedAt, format: RECORD_FORMAT, hash: expect.stringMatching(/^[0-9a-f]{16}$/) });

    const [top] = await categories();
    const firstPage = await shop.kv.get<ListingPage>(`default:products:category:${top.id}:page:1`, 'json');
    expect(firstPage?.totalItems).toBe(top.productCount);
    expect(firstPage?.products.length).toBe(Math.min(top.productCount, 24));

    const pulse = await shop.kv.get<Pulse>('pulse', 'json');
    expect(pulse?.hash).toMatch(/^[0-9a-f]{16}$/);
    const status = (await (await page('/pulse')).json()) as Record<string, string>;
    expect(status).toMatchObject({ pulse: pulse?.hash, lastSyncAt: pulse?.updatedAt });
    expect(status.assetHash).toMatch(/^[0-9a-f]{12}$/);
  });

  it('keeps pulse when nothing changed, and a partial sync reports only its type', async () => {
    const before = await shop.kv.get<Pulse>('pulse', 'json');
    const response = await shop.manage('/sync/products');
    const body = await syncBody(response);
    expect(response.status).toBe(200);
    expect(Object.keys(body.synced)).toEqual(['products']);
    expect(body.kv).toMatchObject({ written: 0, deleted: 0 });
    expect(body.kv?.unchanged).toBeGreaterThan(body.synced.products);
    expect((await shop.kv.get<Pulse>('pulse', 'json'))?.hash).toBe(before?.hash);
  });

  it('syncs one store with ?store= and refuses an unknown one', async () => {
    const one = await shop.manage('/sync/config?store=au');
    expect(await syncBody(one)).toMatchObject({ success: true, synced: { config: 1 } });
    const unknown = await shop.manage('/sync?store=nowhere');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'unknown_store' });
    const badType = await shop.manage('/sync/widgets');
    expect(badType.status).toBe(404);
  });
});

describe('B2B module discovery at sync time', () => {
  const accessConfig = {
    enabled: true,
    hidePrice: true,
    blockPurchase: true,
    requireLogin: false,
    loginMessage: 'Trade accounts only',
    hiddenPriceMessage: 'Log in to see trade prices',
    activationMatrix: { byCustomerGroup: true, customerGroups: [0], byCategory: false, categoryIds: [] },
  };
  const accessProbe = /^\/api\/rest\/v2\/b2b\/access\/config(\?|$)/;
  const storedConfig = async (store = 'default') => (await shop.kv.get<StoreConfig>(`${store}:config`, 'json'))!;
  afterAll(() => shop.faults.reset());

  it('registers nothing when the modules answer 404 (not installed)', async () => {
    shop.faults.seen.length = 0;
    // Whatever modules this backend loads, each probe is answered as if it had none.
    shop.faults.answer(/^\/api\/rest\/v2\/b2b\/[a-z]+\/config(\?|$)/, 404, { error: 'not_found', message: 'No such module.' });
    expect((await shop.manage('/sync/config')).status).toBe(200);
    const probes = shop.faults.seen.map((request) => request.path).filter((path) => path.includes('/b2b/'));
    expect(probes).toEqual(
      expect.arrayContaining(['access', 'approval', 'forms', 'registration', 'pricing'].map((code) => `/api/rest/v2/b2b/${code}/config`)),
    );
    expect((await storedConfig()).extensions.b2bPlugins).toEqual([]);
    shop.faults.reset();
  });

  it('appends the manifest of a module that answers 200, and /sync/config keeps it', async () => {
    shop.faults.answer(accessProbe, 200, { ...accessConfig, script: '/plugins/access.js' });
    expect((await shop.manage('/sync')).status).toBe(200);
    const manifest = {
      code: 'access',
      script: '/plugins/access.js',
      config: { enabled: true, hiddenPriceMessage: 'Log in to see trade prices', loginMessage: 'Trade accounts only', variesByCountry: false },
    };
    // The backend's other modules (Custom Forms…) register beside it.
    expect((await storedConfig('au')).extensions.b2bPlugins).toContainEqual(manifest);
    expect((await shop.manage('/sync/config')).status).toBe(200);
    expect((await storedConfig()).extensions.b2bPlugins).toContainEqual(manifest);
  });

  it('fails the sync on any other answer and keeps the stored config', async () => {
    const before = await shop.kv.get('default:config');
    shop.faults.answer(accessProbe, 500, { error: 'boom' });
    const response = await shop.manage('/sync/config');
    expect(response.status).toBe(502);
    expect((await syncBody(response)).errors).toContainEqual(
      expect.objectContaining({ type: 'config', path: '/b2b/access/config' }),
    );
    expect(await shop.kv.get('default:config')).toBe(before);
    shop.faults.reset();
  });
});

describe('pages rendered from KV', () => {
  it('shows a product with its name and price', async () => {
    const [product] = (await products('itemsPerPage=5')).member.filter((item) => item.specialPrice === null);
    const response = await page(`/${product.urlKey}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Link')).toContain('rel="api-catalog"');
    const html = await response.text();
    expect(html).toContain(product.name.replaceAll('&', '&amp;'));
    expect(html).toContain(product.sku);
    const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(product.price ?? NaN);
    expect(html).toContain(price);
  });

  it('shows the free-shipping threshold of the store\'s shipping rules, as configured, after a sync', async () => {
    const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
    expect((await shop.manage('/sync/config?store=default')).status).toBe(200);
    const seeded = await (await page('/')).text();
    expect(seeded).toContain(`Free shipping on orders from ${usd(75)}`);
    expect(seeded).not.toMatch(/Free shipping on orders over \$/);

    const token = await fetch(`${shop.backend.url}/api/rest/v2/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', username: 'admin@example.com', password: 'Admin#Test2026', scope: 'admin' }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const admin = { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' };
    const rules = (await (await fetch(`${shop.backend.url}/api/rest/v2/admin/shipping?store=default`, { headers: admin })).json()) as Record<string, unknown>;
    const editable = { flatRate: rules.flatRate, freeShippingThreshold: rules.freeShippingThreshold, countryRates: rules.countryRates, otherCountriesRate: rules.otherCountriesRate };
    try {
      const put = await fetch(`${shop.backend.url}/api/rest/v2/admin/shipping?store=default`, {
        method: 'PUT',
        headers: admin,
        body: JSON.stringify({ ...editable, freeShippingThreshold: 149.5 }),
      });
      expect(put.status).toBe(200);
      expect((await shop.manage('/sync/config?store=default')).status).toBe(200);
      expect((await shop.kv.get<StoreConfig>('default:config', 'json'))?.shipping).toEqual({ freeShippingThreshold: 149.5, currency: 'USD' });
      const edited = await (await page('/')).text();
      expect(edited).toContain(`Free shipping on orders from ${usd(149.5)}`);
      expect(edited).not.toContain(usd(75));
    } finally {
      await fetch(`${shop.backend.url}/api/rest/v2/admin/shipping?store=default`, { method: 'PUT', headers: admin, body: JSON.stringify(editable) });
      await shop.manage('/sync/config?store=default');
    }
  });

  it('lists a category with its products and a second page', async () => {
    const category = (await categories()).find((node) => node.productCount > 24);
    if (!category) throw new Error('the demo catalog has a top category with more than one page');
    const listing = await shop.kv.get<ListingPage>(`default:products:category:${category.id}:page:1`, 'json');
    const firstOnPage = listing!.products[0];
    const html = await (await page(`/${category.urlPath}`)).text();
    expect(html).toContain(category.name.replaceAll('&', '&amp;'));
    expect(html).toContain(firstOnPage.name.replaceAll('&', '&amp;'));
    expect((await page(`/${category.urlPath}?page=2`)).status).toBe(200);
    expect((await page(`/${category.urlPath}?page=999`)).status).toBe(404);
  });

  it('answers 404 for an unknown path', async () => {
    expect((await page('/no-such-thing-here')).status).toBe(404);
  });

  it('marks the products, CMS pages, blog posts, listing pages and facet indexes it checked, each read by its schema exactly as stored', async () => {
    // A page reads a marked record without checking it again (record-format.ts): that must change nothing.
    const prefixes: Record<keyof typeof markedRecordSchemas, string> = {
      product: contentKeys.productPrefix('au'),
      cms: contentKeys.cmsPrefix('au'),
      blog: contentKeys.blogPrefix('au'),
      listingPage: contentKeys.listingPrefix('au'),
      facetIndex: contentKeys.facetIndexPrefix('au'),
    };
    for (const [kind, schema] of Object.entries(markedRecordSchemas)) {
      const { keys } = await shop.kv.list<Record<string, string>>({ prefix: prefixes[kind as keyof typeof markedRecordSchemas] });
      expect(keys.length, kind).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key.metadata?.format, key.name).toBe(RECORD_FORMAT);
        const stored = await shop.kv.get(key.name, 'json');
        expect(schema.parse(stored), key.name).toStrictEqual(stored);
      }
    }
  });

  it('checks a record marked by another build (it may predate a schema change): a malformed one is absent, not a server error', async () => {
    await shop.kv.put('default:product:older-build', JSON.stringify({ sku: 'OLDER', name: 'Written by an older build' }), { metadata: { format: 'v0-older', hash: '0' } });
    try {
      expect((await page('/older-build')).status).toBe(404);
    } finally {
      await shop.kv.delete('default:product:older-build');
    }
  });

  it('treats a record that is not JSON as absent, never as a server error', async () => {
    await shop.kv.put('default:product:damaged-by-hand', '{"sku": "DAMAGED"');
    try {
      expect((await page('/damaged-by-hand')).status).toBe(404);
    } finally {
      await shop.kv.delete('default:product:damaged-by-hand');
    }
  });
});

describe('page records whose KV key is gone (DECISIONS.md 52)', () => {
  const productKeys = async () => (await shop.kv.list({ prefix: 'default:product:' })).keys;
  /** A simple product no other test has shown, so no cached page answers for it. */
  const unseenProduct = async (page: number) => (await products(`itemsPerPage=20&page=${page}`)).member.find((item) => item.type === 'simple')!;

  it('a full sync rewrites a key written with a TTL without one', async () => {
    const product = await unseenProduct(4);
    const key = `default:product:${product.urlKey}`;
    expect((await shop.manage('/cache/update', { key, value: await shop.kv.get(key, 'json'), ttl: 3600 })).status).toBe(200);
    expect((await productKeys()).find((entry) => entry.name === key)?.expiration).toBeGreaterThan(Date.now() / 1000);
    expect((await shop.manage('/sync/products')).status).toBe(200);
    expect((await productKeys()).filter((entry) => entry.expiration !== undefined)).toEqual([]);
  });

  it('answers 404 for a URL the index does not name without calling the backend', async () => {
    shop.faults.seen.length = 0;
    expect((await page('/no-such-product-anywhere')).status).toBe(404);
    expect((await page('/blog/no-such-post-anywhere')).status).toBe(404);
    expect(shop.faults.seen.map((request) => request.path)).toEqual([]);
  });

  it('product pages whose key expired still answer 200, a simple one and a configurable whose listing stub is refetched', async () => {
    const simple = await unseenProduct(5);
    // Past the first hundred, which other tests of this file rename and edit.
    const configurable = (await products('itemsPerPage=100&page=2')).member.find((item) => item.type === 'configurable');
    if (!configurable) throw new Error('the demo catalog has no configurable past its first hundred products');
    const keyOf = (product: Product) => `default:product:${product.urlKey}`;
    // KV's shortest TTL, which the local runtime honours like Cloudflare's: both keys expire in the one wait.
    for (const product of [simple, configurable]) {
      const written = await shop.manage('/cache/update', { key: keyOf(product), value: await shop.kv.get(keyOf(product), 'json'), ttl: 60 });
      expect(written.status, `${keyOf(product)}: ${await written.text()}`).toBe(200);
    }
    await expect.poll(async () => [await shop.kv.get(keyOf(simple)), await shop.kv.get(keyOf(configurable))], { timeout: 90_000, interval: 2_000 }).toEqual([null, null]);

    shop.faults.seen.length = 0;
    const response = await page(`/${simple.urlKey}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(simple.name.replaceAll('&', '&amp;'));
    // One guest read of that one record.
    expect(shop.faults.seen.filter((request) => request.path.startsWith('/api/rest/v2/products')).map((request) => request.path)).toEqual([
      expect.stringContaining(`urlKey=${encodeURIComponent(simple.urlKey)}`),
    ]);
    await expect.poll(async () => (await productKeys()).find((entry) => entry.name === keyOf(simple)), { timeout: 10_000 }).toMatchObject({ name: keyOf(simple) });
    expect((await productKeys()).find((entry) => entry.name === keyOf(simple))!.expiration).toBeUndefined();
    expect(await shop.kv.get(keyOf(simple), 'json')).toMatchObject({ sku: simple.sku, urlKey: simple.urlKey });

    // The configurable's index entry brings back its listing stub, and the page completes it from the detail route.
    const variants = (await api<Product>(`/products/${configurable.id}`)).variants ?? [];
    expect(variants.length).toBeGreaterThan(0);
    shop.faults.seen.length = 0;
    const configurablePage = await page(`/${configurable.urlKey}`);
    expect(configurablePage.status).toBe(200);
    const html = await configurablePage.text();
    expect(html).toContain(configurable.name.replaceAll('&', '&amp;'));
    expect(html).toContain(variants[0]!.sku);
    expect(shop.faults.seen.filter((request) => request.path.startsWith('/api/rest/v2/products')).map((request) => request.path)).toEqual([
      expect.stringContaining(`urlKey=${encodeURIComponent(configurable.urlKey)}`),
      `/api/rest/v2/products/${configurable.id}`,
    ]);
    await expect.poll(async () => shop.kv.get(keyOf(configurable), 'json'), { timeout: 10_000 }).toMatchObject({ sku: configurable.sku, urlKey: configurable.urlKey });

    // The sync finds both as it would have written them, and leaves no key with a TTL.
    const resync = await syncBody(await shop.manage('/sync/products?store=default'));
    expect(resync.kv).toMatchObject({ deleted: 0 });
    expect((await productKeys()).filter((entry) => entry.expiration !== undefined)).toEqual([]);
    for (const product of [simple, configurable]) expect((await page(`/${product.urlKey}`)).status).toBe(200);
  }, 150_000);
});

describe('storefront:build --deploy reads the backend connector (its KV Namespace ID and Account ID do something)', () => {
  it('a dry run deploys with the namespace and account saved in the connector', async () => {
    const authorization = await adminAuthorization(shop);
    const saved = { accountId: 'a1'.repeat(16), kvNamespaceId: 'b2'.repeat(16) };
    const configure = async (body: unknown) => {
      const response = await fetch(`${shop.backend.url}/api/rest/v2/admin/storefront-connector/config`, {
        method: 'PUT',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.text()).toBe(200);
    };
    // A copy of the built worker: wrangler writes beside its configuration, and this shop serves dist/server.
    const dir = await mkdtemp(join(tmpdir(), 'deploy-'));
    const built = join(dir, 'server');
    await cp(join(ROOT, 'dist/server'), built, { recursive: true, filter: (source) => !source.includes('.wrangler') });
    const config = JSON.parse(await readFile(join(built, 'wrangler.json'), 'utf8')) as { assets: { directory: string } };
    config.assets.directory = join(ROOT, 'dist/client');
    await writeFile(join(built, 'wrangler.json'), JSON.stringify(config));
    await configure(saved);
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...QUIET_ENV,
        BACKEND_API_URL: shop.backend.url,
        BACKEND_ADMIN_TOKEN: authorization.replace(/^Bearer /, ''),
        CLOUDFLARE_API_TOKEN: 'not-used-by-a-dry-run-0123456789',
        STOREFRONT_URL: shop.storefront.url,
        SYNC_SECRET: shop.syncSecret,
      };
      // Only the connector may name them here.
      delete env.CLOUDFLARE_ACCOUNT_ID;
      delete env.CLOUDFLARE_KV_NAMESPACE_ID;
      const run = await runScript(['scripts/storefront-build.ts', '--deploy', '--dry-run', '--skip-build', '--built', built], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`account: ${saved.accountId} (backend connector)`);
      expect(run.stdout).toContain(`KV namespace (CONTENT): ${saved.kvNamespaceId} (backend connector)`);
      // wrangler's own dry run binds that namespace.
      expect(run.stdout).toMatch(new RegExp(`env\\.CONTENT \\(${saved.kvNamespaceId}\\)\\s+KV Namespace`));
      expect(run.stdout).toContain('dry run: nothing deployed');
      // This shop sets no PUBLIC_ORIGIN and STORES names only a local host (DECISIONS.md 54).
      expect(run.stderr).toMatch(/warning: neither PUBLIC_ORIGIN nor STORES names a public host/);
      expect(JSON.parse(await readFile(join(built, 'wrangler.json'), 'utf8'))).toMatchObject({ kv_namespaces: [{ binding: 'CONTENT', id: expect.not.stringMatching(saved.kvNamespaceId) }] });
    } finally {
      await configure({ accountId: '', kvNamespaceId: '' });
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('a sync interrupted by a worker restart', () => {
  it('is driven to its end by the coordinator once the worker is back: the change arrives and pulse moves', async () => {
    const pulseBefore = await shop.kv.get('pulse');
    const [first] = (await products('page=1&itemsPerPage=100')).member;
    shop.faults.transform(/^\/api\/rest\/v2\/products\?page=1&/, (body) => {
      const collection = body as Collection<Product>;
      collection.member[0] = { ...collection.member[0], name: 'Renamed across a restart' };
      return collection;
    });
    // Slow enough that the restart lands while the run is planning.
    shop.faults.delay(/^\/api\/rest\/v2\/cms-pages/, 3_000);
    const status = async () =>
      (await (await fetch(`${shop.storefront.url}/sync/status`, { headers: { Authorization: `Bearer ${shop.syncSecret}` } })).json()) as {
        running: Array<{ phase: string }>;
        recent: Array<{ phase: string; outcome?: { success: boolean } }>;
      };
    try {
      const interrupted = shop.manage('/sync').catch(() => null);
      await expect.poll(async () => (await status()).running.length).toBe(1);
      await shop.restartStorefront();
      await interrupted;
      const renamed = async () => (JSON.parse((await shop.kv.get(`default:product:${first.urlKey}`)) ?? '{}') as { name?: string }).name;
      await expect.poll(renamed, { timeout: 45_000, interval: 500 }).toBe('Renamed across a restart');
      await expect.poll(async () => (await status()).recent[0], { timeout: 15_000 }).toMatchObject({ phase: 'done', outcome: { success: true } });
      expect((await status()).running).toEqual([]);
      expect(await shop.kv.get('pulse')).not.toBe(pulseBefore);
    } finally {
      shop.faults.reset();
    }
  }, 90_000);
});

describe('a sync that fails', () => {
  it('fails as a whole when the backend fails half-way through the products', async () => {
    const pulseBefore = await shop.kv.get('pulse');
    const tree = await categories();
    const listingBefore = await shop.kv.get(`default:products:category:${tree[0].id}:page:1`);
    shop.faults.failWhen(/^\/api\/rest\/v2\/products\?page=2&/);
    try {
      const response = await shop.manage('/sync');
      expect(response.status).toBe(502);
      const body = await syncBody(response);
      expect(body).toMatchObject({ success: false });
      expect(body.errors).toContainEqual(expect.objectContaining({ type: 'products', path: '/products' }));
    } finally {
      shop.faults.failWhen(null);
    }
    expect(await shop.kv.get('pulse')).toBe(pulseBefore);
    expect(await shop.kv.get(`default:products:category:${tree[0].id}:page:1`)).toBe(listingBefore);
  });

  it('writes nothing while it fetches: a failure late in the products leaves every record, new or changed, as it was', async () => {
    // The backend renames one product and edits another on page 1, then fails on page 3 after a
    // while: neither the new key nor the changed record may reach KV, before or after the failure.
    const pulseBefore = await shop.kv.get('pulse');
    const [renamed, edited] = (await products('page=1&itemsPerPage=100')).member;
    const editedBefore = await shop.kv.get(`default:product:${edited.urlKey}`);
    shop.faults.transform(/^\/api\/rest\/v2\/products\?page=1&/, (body) => {
      const collection = body as Collection<Product>;
      collection.member[0] = { ...collection.member[0], urlKey: 'renamed-during-failed-sync' };
      collection.member[1] = { ...collection.member[1], name: 'Edited during a failed sync' };
      return collection;
    });
    shop.faults.failWhen(/^\/api\/rest\/v2\/products\?page=3&/, 500, 1_500);
    try {
      const syncing = shop.manage('/sync/products');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await shop.kv.get('default:product:renamed-during-failed-sync')).toBeNull();
      expect((await syncing).status).toBe(502);
    } finally {
      shop.faults.reset();
    }
    expect(await shop.kv.get('default:product:renamed-during-failed-sync')).toBeNull();
    expect(await shop.kv.get(`default:product:${renamed.urlKey}`)).not.toBeNull();
    expect(await shop.kv.get(`default:product:${edited.urlKey}`)).toBe(editedBefore);
    expect((await page('/renamed-during-failed-sync')).status).toBe(404);
    expect(await shop.kv.get('pulse')).toBe(pulseBefore);
  });

  it('refuses a sync of the same store while one runs (409) and shows the running one in GET /sync/status', async () => {
    // DECISIONS.md 46: the coordinator holds every run, so the refusal holds across isolates too.
    shop.faults.failWhen(/^\/api\/rest\/v2\/cms-pages/, 500, 1_500);
    try {
      const failing = shop.manage('/sync');
      const status = async () => (await fetch(`${shop.storefront.url}/sync/status`, { headers: { Authorization: `Bearer ${shop.syncSecret}` } })).json() as Promise<{ running: Array<{ phase: string; job: { kind: string }; partsToPlan: number; plannedParts: number }> }>;
      await expect.poll(async () => (await status()).running.length, { timeout: 1_400 }).toBe(1);
      const [running] = (await status()).running;
      expect(running).toMatchObject({ phase: 'planning', job: { kind: 'full' }, partsToPlan: 12 });
      const overlapping = await shop.manage('/sync/products');
      expect([overlapping.status, ((await overlapping.json()) as { error: string }).error]).toEqual([409, 'sync_in_progress']);
      expect((await failing).status).toBe(502);
    } finally {
      shop.faults.reset();
    }
    expect((await fetch(`${shop.storefront.url}/sync/status`)).status).toBe(401);
    expect((await shop.manage('/sync/products')).status).toBe(200);
  });

  it('answers 502 naming what failed and leaves KV and pulse untouched', async () => {
    const pulseBefore = await shop.kv.get('pulse');
    const configBefore = await shop.kv.get('default:config');
    await shop.backend.stop();
    const response = await shop.manage('/sync');
    expect(response.status).toBe(502);
    const body = await syncBody(response);
    expect(body.success).toBe(false);
    expect(body.errors?.[0]).toMatchObject({ path: '/stores' });
    expect(await shop.kv.get('pulse')).toBe(pulseBefore);
    expect(await shop.kv.get('default:config')).toBe(configBefore);
    expect((await page('/')).status).toBe(200);
  });
});

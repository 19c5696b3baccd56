import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ensureAdminUser } from '../../platform/admin/ensure-admin.ts';
import { moduleConfigs } from '../../platform/db/schema/index.ts';
import { adminBearer, adminBrowser, testAdmin } from '../../../test/helpers/admin-session.ts';
import { aSimpleProduct, shopper } from '../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';
import { pathTag } from '../../../../contracts/cache-tags.ts';
import { ConnectorConfigSchema } from './config.ts';
import storefrontConnector from './index.ts';
import { storefrontConnectorSyncLog } from './tables.ts';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A local stand-in for the storefront worker and the Cloudflare API (no network here): records calls, answers from a plan. */
async function standIn() {
  const calls: Recorded[] = [];
  let plan: (call: Recorded) => number = () => 200;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const call = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      const status = plan(call);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { success: true } : { success: false, error: 'backend_failed', message: 'The backend failed.' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    answer(next: (call: Recorded) => number) {
      plan = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const admin = testAdmin;
const syncSecret = 'sync-secret-for-the-tests-0123';
const cfToken = 'cf_token_0123456789abcdefghij';
const zoneId = 'a'.repeat(32);

describe.each(dialects)('storefront connector (%s)', (dialect) => {
  let shop: TestShop;
  let storefront: Awaited<ReturnType<typeof standIn>>;
  let browser: ReturnType<typeof adminBrowser>;

  beforeAll(async () => {
    storefront = await standIn();
    const env = {
      STOREFRONT_URL: storefront.url,
      SYNC_SECRET: syncSecret,
      CONFIG_ENCRYPTION_KEY: 'test-config-encryption-key-0123456789',
      // Wide enough that three admin saves land in one window on a loaded machine.
      STOREFRONT_SYNC_DEBOUNCE_MS: '600',
      STOREFRONT_SYNC_RETRIES: '2',
      STOREFRONT_SYNC_RETRY_MS: '5',
      STOREFRONT_SYNC_TIMEOUT_MS: '2000',
      CLOUDFLARE_API_BASE: `${storefront.url}/client/v4`,
    };
    shop = await openTestShop(dialect, { modules: [storefrontConnector], env });
    await ensureAdminUser(shop.database.db, admin);
    browser = adminBrowser(shop);
    await browser.signIn();
  });
  afterAll(async () => {
    await storefront.close();
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });
  beforeEach(async () => {
    storefront.calls.length = 0;
    storefront.answer(() => 200);
    await shop.database.db.delete(storefrontConnectorSyncLog);
  });

  const log = () => shop.database.db.select().from(storefrontConnectorSyncLog).orderBy(storefrontConnectorSyncLog.id);
  const syncCalls = () => storefront.calls.filter((c) => c.path.startsWith('/sync'));

  async function saveProduct(id: number, name: string) {
    const form = await browser.request('GET', `/admin/products/${id}`);
    const prices = [...form.html.matchAll(/name="(price_\d+)" [^>]*value="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]);
    const saved = await browser.request('POST', `/admin/products/${id}`, { _csrf: browser.csrfOf(form.html), name, qty: '10', enabled: '1', ...Object.fromEntries(prices) });
    expect(saved.status).toBe(303);
  }

  it('turns a burst of product saves into one product sync, with the secret as Bearer, logged', async () => {
    const product = await aSimpleProduct(shop.database.db);
    for (const n of [1, 2, 3]) await saveProduct(product.id, `Burst ${n}`);
    await vi.waitFor(() => expect(syncCalls()).toHaveLength(1), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(syncCalls()).toHaveLength(1);
    expect(syncCalls()[0]).toMatchObject({ method: 'POST', path: '/sync/products?store=default', headers: { authorization: `Bearer ${syncSecret}` } });
    await vi.waitFor(async () => expect(await log()).toHaveLength(1));
    expect((await log())[0]).toMatchObject({ type: 'products', trigger: 'product_saved', attempt: 1, status: 'success', httpStatus: 200, error: null });
  });

  it('reports a save\'s storefront sync on the product page: pending, then the failure or the success', async () => {
    const product = await aSimpleProduct(shop.database.db);
    /** Saves, then asks the page's save-status line what became of it. */
    async function followSave(name: string) {
      await saveProduct(product.id, name);
      const page = await browser.request('GET', `/admin/products/${product.id}?flash=saved`);
      expect(page.html).toContain('<a href="/admin/storefront-connector">Sync log</a>');
      const src = /data-save-status="([^"]+)"/.exec(page.html)![1]!;
      expect(src).toMatch(/^\/admin\/storefront-connector\/save-status\?since=\d+$/);
      return async () => JSON.parse((await browser.request('GET', src)).html) as { state: string; message: string };
    }
    storefront.answer(() => 502);
    const failing = await followSave('Refused by the storefront');
    // Pending until the first attempt answers; on a loaded machine the debounced attempts may already have run.
    expect(await failing()).toSatisfy(({ state, message }: { state: string; message: string }) =>
      (state === 'pending' && message === 'Waiting for the storefront sync…') || (state === 'failed' && /^Storefront sync failed \(attempt [123]\): .*502/.test(message)));
    await vi.waitFor(async () => expect((await failing()).message).toMatch(/^Storefront sync failed \(attempt 3\): .*502/), { timeout: 5000 });

    storefront.answer(() => 200);
    const accepted = await followSave('Accepted by the storefront');
    await vi.waitFor(async () => expect(await accepted()).toMatchObject({ state: 'success', message: expect.stringMatching(/^Storefront updated: its products sync took \d+ ms\.$/) }), { timeout: 5000 });

    // No save-status without a save, nor on a page whose saves do not reach the storefront.
    expect((await browser.request('GET', `/admin/products/${product.id}`)).html).not.toContain('data-save-status');
    expect((await browser.request('GET', '/admin/customer-groups?flash=saved')).html).not.toContain('data-save-status');
    expect((await browser.request('GET', '/admin/storefront-connector/save-status?since=soon')).status).toBe(400);
  });

  it('re-syncs the CMS pages when Custom Forms saves a form (the storefront keeps a page\'s forms beside it)', async () => {
    await shop.modules.notifications.publish(shop.database.db, 'customforms_form_saved', { formCode: 'contact' });
    await vi.waitFor(() => expect(syncCalls()).toHaveLength(1), { timeout: 3000 });
    expect(syncCalls()[0]).toMatchObject({ method: 'POST', path: '/sync/cms-pages?store=default' });
    await vi.waitFor(async () => expect((await log())[0]).toMatchObject({ type: 'cms-pages', trigger: 'form_saved', status: 'success' }));
  });

  it('syncs the blog posts when the admin saves one', async () => {
    await shop.modules.notifications.publish(shop.database.db, 'blog_post_saved', { postId: 1, identifier: 'caring-for-cast-iron' });
    await vi.waitFor(() => expect(syncCalls()).toHaveLength(1), { timeout: 3000 });
    expect(syncCalls()[0]).toMatchObject({ method: 'POST', path: '/sync/blog-posts?store=default' });
    await vi.waitFor(async () => expect((await log())[0]).toMatchObject({ type: 'blog-posts', trigger: 'blog_post_saved', status: 'success' }));
  });

  it('retries a failing storefront with backoff and logs every attempt; a refused secret is not retried', async () => {
    let failures = 2;
    storefront.answer(() => (failures-- > 0 ? 502 : 200));
    const outcome = await browser.submit('/admin/storefront-connector', '/admin/storefront-connector/sync', {});
    expect(outcome.location).toBe('/admin/storefront-connector?sync=synced');
    const rows = await log();
    expect(rows.map((r) => [r.type, r.trigger, r.attempt, r.status, r.httpStatus])).toEqual([
      ['all', 'sync_now', 1, 'failed', 502],
      ['all', 'sync_now', 2, 'failed', 502],
      ['all', 'sync_now', 3, 'success', 200],
    ]);
    expect(rows[0]!.error).toContain('The backend failed.');
    expect(syncCalls().map((c) => c.path)).toEqual(['/sync?store=default', '/sync?store=default', '/sync?store=default']);

    storefront.calls.length = 0;
    storefront.answer(() => 401);
    const refused = await browser.submit('/admin/storefront-connector', '/admin/storefront-connector/sync', {});
    expect(refused.location).toBe('/admin/storefront-connector?sync=sync-failed');
    expect(syncCalls()).toHaveLength(1);
    const page = await browser.request('GET', '/admin/storefront-connector?sync=sync-failed');
    expect(page.html).toContain('Sync failed');
    expect(page.html).toMatch(/<td>all<\/td><td>sync_now<\/td><td>1<\/td><td>failed<\/td><td>401<\/td>/);
  });

  it('Sync Now from the admin page needs the CSRF token', async () => {
    const forged = await browser.request('POST', '/admin/storefront-connector/sync', { _csrf: 'forged' });
    expect(forged.status).toBe(403);
    expect(syncCalls()).toHaveLength(0);
  });

  it('Sync Now over the API needs an admin token', async () => {
    const path = '/api/rest/v2/admin/storefront-connector/sync';
    expect((await shop.send('POST', path, { json: {} })).status).toBe(401);
    expect((await shop.send('POST', path, { json: {}, headers: await bearerFor(shop, shopper) })).status).toBe(403);
        const answer = await shop.send<{ success: boolean; attempts: number; httpStatus: number }>('POST', path, { json: {}, headers: await adminBearer(shop) });
    expect(answer).toMatchObject({ status: 200, body: { success: true, attempts: 1, httpStatus: 200 } });
    expect(syncCalls().map((c) => c.path)).toEqual(['/sync?store=default']);
    storefront.answer(() => 503);
    const failed = await shop.send<{ success: boolean; attempts: number }>('POST', path, { json: {}, headers: await adminBearer(shop) });
    expect(failed).toMatchObject({ status: 502, body: { success: false, attempts: 3, error: 'storefront_sync_failed', message: expect.stringContaining('503') } });
  });

  const configPage = '/admin/storefront-connector/config';
  const storedConfig = async () => (await shop.database.db.select().from(moduleConfigs).where(eq(moduleConfigs.moduleId, 'storefront-connector')))[0]?.value ?? {};

  it('stores the configuration with secrets encrypted, shows them masked, and purges through the Cloudflare API', async () => {
    const bad = await browser.submit(configPage, configPage, { zoneId: 'not-hex' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Zone ID is 32 hexadecimal characters.');
    const saved = await browser.submit(configPage, configPage, {
      accountId: 'b'.repeat(32),
      apiToken: cfToken,
      zoneId,
      storeCode: 'default',
      kvNamespaceId: 'c'.repeat(32),
    });
    expect(saved.location).toBe(`${configPage}?flash=saved`);
    const stored = await storedConfig();
    expect(stored.apiToken).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(cfToken);
    const page = await browser.request('GET', configPage);
    expect(page.html).not.toContain(cfToken);
    expect(page.html).toContain('value="********"');
    const api = await shop.send<Record<string, string>>('GET', '/api/rest/v2/admin/storefront-connector/config', { headers: await adminBearer(shop) });
    expect(api.body).toMatchObject({ apiToken: '********', syncSecret: '', zoneId, storeCode: 'default' });

    const product = await aSimpleProduct(shop.database.db, 1);
    // Cloudflare's rate limit answers the first purge: it is tried again.
    let purges = 0;
    storefront.answer((call) => (call.path.endsWith('/purge_cache') && purges++ === 0 ? 429 : 200));
    await saveProduct(product.id, 'Purged product');
    const purgePath = `/client/v4/zones/${zoneId}/purge_cache`;
    await vi.waitFor(() => expect(storefront.calls.map((c) => c.path)).toEqual(['/sync/products?store=default', purgePath, purgePath]), { timeout: 3000 });
    storefront.answer(() => 200);
    const purge = storefront.calls[2]!;
    expect(purge.headers.authorization).toBe(`Bearer ${cfToken}`);
    // The tag every edge copy of the product's page carries (the worker stores it with each, DECISIONS.md 53).
    expect(purge.body).toEqual({ tags: [await pathTag(`/${product.urlKey}`)] });
    expect(storefront.calls[1]!.body).toEqual(purge.body);
    await vi.waitFor(async () => expect((await log()).map((r) => [r.type, r.status])).toEqual([['products', 'success'], ['cloudflare-purge', 'failed'], ['cloudflare-purge', 'success']]));

    // A new sync secret replaces the environment's; the token stays when its masked value comes back.
    await browser.submit(configPage, configPage, { apiToken: '********', syncSecret: 'another-secret-0123456789' });
    storefront.calls.length = 0;
    await browser.submit('/admin/storefront-connector', '/admin/storefront-connector/sync', {});
    expect(syncCalls()[0]!.headers.authorization).toBe('Bearer another-secret-0123456789');
    expect((await storedConfig()).apiToken).toBe(stored.apiToken);
    // A secret stored under another key (CONFIG_ENCRYPTION_KEY changed) does not lock the admin out of the page.
    await shop.database.db.update(moduleConfigs).set({ value: { ...(await storedConfig()), syncSecret: 'v1.AAAA.BBBB.CCCC' } });
    await new Promise((resolve) => setTimeout(resolve, 5100)); // the configuration cache's lifetime
    expect((await browser.request('GET', configPage)).status).toBe(200);
    // A sync then fails once, without retries, and the log says why.
    expect((await browser.submit('/admin/storefront-connector', '/admin/storefront-connector/sync', {})).location).toBe('/admin/storefront-connector?sync=sync-failed');
    expect((await log()).at(-1)).toMatchObject({ type: 'all', attempt: 1, status: 'failed', httpStatus: null, error: expect.stringContaining('cannot be decrypted') });
    // Clean up for the other tests: back to the environment's defaults.
    await browser.submit(configPage, configPage, { syncSecret: '', apiToken: '', accountId: '', zoneId: '', storeCode: '', kvNamespaceId: '' });
  }, 20_000);

  it('syncs the default store only while Worker Store Code is blank, the named one once set', async () => {
    await browser.submit('/admin/storefront-connector', '/admin/storefront-connector/sync', {});
    await browser.submit(configPage, configPage, { storeCode: 'au' });
    await browser.submit('/admin/storefront-connector', '/admin/storefront-connector/sync', {});
    await browser.submit(configPage, configPage, { storeCode: '' });
    expect(syncCalls().map((c) => c.path)).toEqual(['/sync?store=default', '/sync?store=au']);
  });

  it('schedules an hourly full sync until another schedule is saved', async () => {
    expect(ConnectorConfigSchema.parse({}).cronExpression).toBe('0 * * * *');
    expect((await browser.request('GET', '/admin/storefront-connector')).html).toMatch(/Next scheduled full sync \d{4}-\d\d-\d\dT\d\d:00:00/);
  });

  it("sends the environment's secret only to STOREFRONT_URL, and a saved secret only to the URL it was saved with", async () => {
    const elsewhere = await standIn();
    const api = '/api/rest/v2/admin/storefront-connector/config';
    const syncNow = () => shop.send<{ success: boolean }>('POST', '/api/rest/v2/admin/storefront-connector/sync', { json: {}, headers: bearer });
    const bearer = await adminBearer(shop);
    try {
      // Pointed at another host without a secret of its own: nothing is posted there, and the log says why.
      expect((await shop.send('PUT', api, { json: { storefrontUrl: elsewhere.url }, headers: bearer })).status).toBe(200);
      expect((await syncNow()).body.success).toBe(false);
      expect(elsewhere.calls).toEqual([]);
      expect((await log()).at(-1)).toMatchObject({ status: 'failed', attempt: 1, error: expect.stringContaining('SYNC_SECRET is sent only to STOREFRONT_URL') });

      // A secret saved for that host goes there.
      expect((await shop.send('PUT', api, { json: { syncSecret: 'elsewhere-secret-0123456789' }, headers: bearer })).status).toBe(200);
      expect((await syncNow()).body.success).toBe(true);
      expect(elsewhere.calls.map((call) => call.headers.authorization)).toEqual(['Bearer elsewhere-secret-0123456789']);

      // Moving the URL again needs the secret again: kept or masked, the save is refused and nothing changes.
      for (const json of [{ storefrontUrl: `${elsewhere.url}/moved` }, { storefrontUrl: `${elsewhere.url}/moved`, syncSecret: '********' }]) {
        const moved = await shop.send('PUT', api, { json, headers: bearer });
        expect([moved.status, moved.body.error, moved.body.details]).toEqual([400, 'invalid_field', { field: 'syncSecret' }]);
      }
      expect((await shop.send('GET', api, { headers: bearer })).body).toMatchObject({ storefrontUrl: elsewhere.url, syncSecret: '********' });
      // The admin form says the same by the field.
      const form = await browser.submit(configPage, configPage, { storefrontUrl: `${elsewhere.url}/moved`, syncSecret: '********' });
      expect([form.status, form.html]).toEqual([400, expect.stringContaining('Sync Secret: enter it again')]);
      expect((await shop.send('PUT', api, { json: { storefrontUrl: `${elsewhere.url}/moved`, syncSecret: 'moved-secret-0123456789' }, headers: bearer })).status).toBe(200);
    } finally {
      // Back to the environment's defaults, which send the environment's secret to STOREFRONT_URL again.
      expect((await shop.send('PUT', api, { json: { storefrontUrl: '', syncSecret: '' }, headers: bearer })).status).toBe(200);
      await elsewhere.close();
    }
    storefront.calls.length = 0;
    expect((await syncNow()).body.success).toBe(true);
    expect(syncCalls()[0]?.headers.authorization).toBe(`Bearer ${syncSecret}`);
  }, 20_000);

  it('shows the schedule once a cron expression is saved, and refuses a bad one', async () => {
    const bad = await browser.submit(configPage, configPage, { cronExpression: 'every day' });
    expect(bad.html).toContain('Schedule is not a valid cron expression.');
    await browser.submit(configPage, configPage, { cronExpression: '0 3 * * *' });
    expect((await browser.request('GET', '/admin/storefront-connector')).html).toMatch(/Next scheduled full sync \d{4}-\d\d-\d\dT03:00:00/);
    await browser.submit(configPage, configPage, { cronExpression: '' });
    expect((await browser.request('GET', '/admin/storefront-connector')).html).toContain('No scheduled sync.');
  });

  it('logs why nothing was sent when the storefront URL is missing, without retrying', async () => {
    const lone = await openTestShop(dialect, { modules: [storefrontConnector], env: { SYNC_SECRET: syncSecret, STOREFRONT_SYNC_DEBOUNCE_MS: '0', STOREFRONT_SYNC_RETRY_MS: '1' } });
    try {
      await lone.modules.notifications.publish(lone.database.db, 'catalog_product_saved', { productId: 1 });
      const loneLog = () => lone.database.db.select().from(storefrontConnectorSyncLog);
      await vi.waitFor(async () => expect(await loneLog()).toHaveLength(1));
      expect((await loneLog())[0]).toMatchObject({ type: 'products', status: 'failed', attempt: 1, httpStatus: null, error: expect.stringContaining('Storefront URL is not configured') });
      expect(syncCalls()).toHaveLength(0);
    } finally {
      await lone.close();
    }
  });

  it('stops promptly on shutdown: a retry wait is cut short and nothing is sent afterwards', async () => {
    storefront.answer(() => 503);
    const slow = await openTestShop(dialect, {
      modules: [storefrontConnector],
      env: { STOREFRONT_URL: storefront.url, SYNC_SECRET: syncSecret, STOREFRONT_SYNC_DEBOUNCE_MS: '0', STOREFRONT_SYNC_RETRIES: '5', STOREFRONT_SYNC_RETRY_MS: '30000' },
    });
    const slowLog = () => slow.database.db.select().from(storefrontConnectorSyncLog);
    try {
      await slow.modules.notifications.publish(slow.database.db, 'cms_page_saved', { pageId: 1, identifier: 'about-us' });
      await vi.waitFor(async () => expect(await slowLog()).toHaveLength(1));
      const started = performance.now();
      await slow.modules.stop();
      expect(performance.now() - started).toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(syncCalls().map((c) => c.path)).toEqual(['/sync/cms-pages?store=default']);
      expect((await slowLog()).map((r) => [r.trigger, r.status, r.httpStatus])).toEqual([['cms_page_saved', 'failed', 503]]);
    } finally {
      await slow.close();
    }
  });
});

describe('without the connector', () => {
  it('leaves no trace: no table, no admin page or nav item, no API route or configuration', async () => {
    const shop = await openTestShop('pglite');
    try {
      await ensureAdminUser(shop.database.db, admin);
      const browser = adminBrowser(shop);
      await browser.signIn();
      expect((await browser.request('GET', '/admin/storefront-connector')).status).toBe(404);
      expect((await browser.request('GET', '/admin/storefront-connector/config')).status).toBe(404);
      expect((await browser.request('GET', '/admin')).html).not.toContain('storefront-connector');
      // As the admin: without a token every admin API path answers 401 first, whether or not it exists.
      const headers = await adminBearer(shop);
      expect((await shop.send('POST', '/api/rest/v2/admin/storefront-connector/sync', { json: {}, headers })).status).toBe(404);
      expect((await shop.send('GET', '/api/rest/v2/admin/storefront-connector/config', { headers })).status).toBe(404);
      // to_regclass is null for a table that does not exist.
      const [probe] = await shop.database.db.select({ table: sql<string | null>`to_regclass('storefront_connector_sync_log')::text` }).from(sql`(select 1) as one`);
      expect(probe).toEqual({ table: null });
    } finally {
      await shop.close();
    }
  });
});

/**
 * DECISIONS.md 62 on the backend side: what a B2B Access change asks of the storefront, seen by a
 * local stand-in for the storefront worker (the storefront itself is in storefront.integration.test.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminBearer } from '../../../test/helpers/admin-session.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { productLinks, products } from '../../platform/db/schema/index.ts';
import { aConfigurableChoice, aSimpleProduct } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';
import b2bAccess from '../b2b-access/index.ts';
import storefrontConnector from './index.ts';

interface SyncCall {
  path: string;
  body: { urlKeys?: string[] } | undefined;
}

describe.each(dialects)('B2B Access changes sent to the storefront (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  let storefrontUrl = '';
  const calls: SyncCall[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      calls.push({ path: (req.url ?? '').split('?')[0]!, body: text ? JSON.parse(text) : undefined });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    storefrontUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const env = { STOREFRONT_URL: storefrontUrl, SYNC_SECRET: 'sync-secret-for-the-tests-0123', STOREFRONT_SYNC_DEBOUNCE_MS: '300', STOREFRONT_SYNC_RETRIES: '0' };
    shop = await openTestShop(dialect, { modules: [b2bAccess, storefrontConnector], env });
    admin = await adminBearer(shop);
    expect((await shop.send('PUT', '/api/rest/v2/admin/b2b-access/config', { json: { enabled: true, mode: 'rules' }, headers: admin })).status).toBe(200);
    // Rules mode saved: the discovery answer and every product's annotations moved.
    await vi.waitFor(() => expect(calls).toHaveLength(2), { timeout: 5000 });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });
  beforeEach(() => {
    calls.length = 0;
  });

  /** The sync calls of the next burst, once it has settled (and forgotten, for the next one). */
  async function nextBurst(count: number): Promise<SyncCall[]> {
    await vi.waitFor(() => expect(calls).toHaveLength(count), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    return calls.splice(0);
  }
  const addRule = (rule: Record<string, unknown>) => shop.send<{ id: number }>('POST', '/api/rest/v2/admin/b2b-access/rules', { json: rule, headers: admin });

  it('a rule for guests re-syncs just the products it matches, by URL key', async () => {
    const product = await aSimpleProduct(shop.database.db);
    const created = await addRule({ name: 'Trade price', legacy: { productIds: [product.id] }, actions: { hidePrice: true } });
    expect(created.status).toBe(201);
    expect(await nextBurst(1)).toEqual([{ path: '/sync/products', body: { urlKeys: [product.urlKey] } }]);

    expect((await shop.send('POST', `/api/rest/v2/admin/b2b-access/rules/${created.body.id}/deactivate`, { headers: admin })).status).toBe(200);
    expect(await nextBurst(1)).toEqual([{ path: '/sync/products', body: { urlKeys: [product.urlKey] } }]);
  });

  it("a rule naming a variant re-syncs its configurable's page, which shows the variant's price", async () => {
    const { parent, variant } = await aConfigurableChoice(shop.database.db);
    const condition = { type: 'attribute', attribute: 'sku', operator: '==', value: variant.sku };
    const created = await addRule({ name: 'One variant', conditions: { type: 'combine', aggregator: 'all', value: true, conditions: [condition] }, actions: { hidePrice: true } });
    expect(created.status).toBe(201);
    const [call, ...rest] = await nextBurst(1);
    expect(rest).toEqual([]);
    expect(call!.path).toBe('/sync/products');
    expect(call!.body?.urlKeys).toContain(parent.urlKey);
  });

  it("a rule naming a grouped product re-syncs its members' pages too (they are judged with the group's facts)", async () => {
    const db = shop.database.db;
    const [link] = await db.select().from(productLinks).where(eq(productLinks.linkType, 'grouped')).orderBy(asc(productLinks.productId)).limit(1);
    if (!link) throw new Error('the test catalog has no grouped product');
    const memberIds = (await db.select().from(productLinks).where(and(eq(productLinks.productId, link.productId), eq(productLinks.linkType, 'grouped')))).map((row) => row.linkedProductId);
    const pages = await db.select().from(products).where(and(inArray(products.id, [link.productId, ...memberIds]), eq(products.visibility, 'catalog'), eq(products.isEnabled, true)));
    // Without members of their own page the test would prove nothing beyond the group itself.
    expect(pages.length).toBeGreaterThan(1);
    expect((await addRule({ name: 'The set', legacy: { productIds: [link.productId] }, actions: { hidePrice: true } })).status).toBe(201);
    const [call, ...rest] = await nextBurst(1);
    expect(rest).toEqual([]);
    expect(call!.path).toBe('/sync/products');
    expect([...(call!.body?.urlKeys ?? [])].sort()).toEqual(pages.map((page) => page.urlKey).sort());
  });

  it('a rule that matches every product re-syncs them all', async () => {
    expect((await addRule({ name: 'Everything', isActive: false, actions: { hidePrice: true } })).status).toBe(201);
    expect(await nextBurst(1)).toEqual([{ path: '/sync/products', body: {} }]);
  });

  it('a rule no guest falls under changes no product page, and a country-scoped one re-reads the store config (variesByCountry)', async () => {
    const product = await aSimpleProduct(shop.database.db);
    expect((await addRule({ name: 'Wholesale only', scope: { customerGroupIds: [2] }, legacy: { productIds: [product.id] }, actions: { hidePrice: true } })).status).toBe(201);
    expect(await nextBurst(1)).toEqual([{ path: '/sync/config', body: {} }]);
    expect((await addRule({ name: 'US only', scope: { countries: ['US'] }, legacy: { productIds: [product.id] }, actions: { hidePrice: true } })).status).toBe(201);
    expect(await nextBurst(1)).toEqual([{ path: '/sync/config', body: {} }]);
  });

  it('the configuration saved re-reads the store config when the discovery answer moved, and every product (annotations)', async () => {
    expect((await shop.send('PUT', '/api/rest/v2/admin/b2b-access/config', { json: { hidePrice: { message: 'Sign in for trade prices.' } }, headers: admin })).status).toBe(200);
    expect(await nextBurst(2)).toEqual([
      { path: '/sync/config', body: {} },
      { path: '/sync/products', body: {} },
    ]);
  });
});

/**
 * Partial syncs of named records (DECISIONS.md 46) over real HTTP (real backend, built worker in
 * workerd): a saved product, CMS page or post is refetched by name with the listing pages it
 * touches, a deleted one leaves KV, a repeat changes nothing (pulse kept), bad names are 400, a
 * backend failure writes nothing, and a sync overlapping a running one of the same store is 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentKeys } from '../src/lib/content/keys.ts';
import type { Pulse } from '../src/lib/content/schemas.ts';
import { adminToken } from './support/outbox.ts';
import { startShop, type TestShop } from './support/shop.ts';
import { indexedUrlKey } from './support/sku-index.ts';

let shop: TestShop;
let admin: Record<string, string>;

interface Answer {
  success: boolean;
  synced?: Record<string, number>;
  kv?: { written: number; unchanged: number; deleted: number };
  error?: string;
}

const named = async (path: string, body: unknown, query = '?store=default') => {
  const response = await shop.manage(`${path}${query}`, body);
  return { status: response.status, body: (await response.json()) as Answer };
};
const pulse = async () => (await shop.kv.get<Pulse>('pulse', 'json'))?.hash;
const adminApi = (method: string, path: string, body?: unknown) =>
  fetch(`${shop.backend.url}/api/rest/v2/admin${path}`, { method, headers: admin, body: body === undefined ? undefined : JSON.stringify(body) });

beforeAll(async () => {
  shop = await startShop();
  admin = { Authorization: `Bearer ${await adminToken(shop)}`, 'Content-Type': 'application/json' };
  expect((await shop.manage('/sync')).status).toBe(200);
});
afterAll(async () => {
  await shop?.stop();
});

describe('POST /sync/products with urlKeys and deleted', () => {
  let product: { id: number; sku: string; urlKey: string; categoryIds: number[] };

  beforeAll(async () => {
    const created = await adminApi('POST', '/products', { sku: 'NAMED-1', name: 'Named Sync Lamp', urlKey: 'named-sync-lamp', price: 10, stockQty: 3, categoryIds: [] });
    expect(created.status).toBe(201);
    const categories = (await (await adminApi('GET', '/categories?itemsPerPage=100')).json()) as { member: Array<{ id: number; level: number }> };
    const leaf = categories.member.find((category) => category.level === 2)!;
    product = (await (await adminApi('PATCH', `/products/${((await created.json()) as { id: number }).id}`, { categoryIds: [leaf.id] })).json()) as typeof product;
  });

  it('writes the saved product, its SKU index and the listing pages it is on, nothing else; a repeat keeps the pulse', async () => {
    const before = await pulse();
    const first = await named('/sync/products', { urlKeys: [product.urlKey] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ success: true, synced: { products: 1 } });
    expect(first.body.kv!.written).toBeGreaterThanOrEqual(3);
    expect(first.body.kv!.written).toBeLessThan(20);
    expect(await pulse()).not.toBe(before);
    expect(await indexedUrlKey(shop.kv, 'default', product.sku)).toBe(product.urlKey);
    const page = await fetch(`${shop.storefront.url}/${product.urlKey}`);
    expect([page.status, (await page.text()).includes('Named Sync Lamp')]).toEqual([200, true]);
    const listing = await shop.kv.get<{ products: Array<{ sku: string }> }>(`default:products:category:${product.categoryIds[0]}:page:1`, 'json');
    const listed = [];
    for (let page = 1; ; page++) {
      const next = await shop.kv.get<{ products: Array<{ sku: string }>; totalPages: number }>(`default:products:category:${product.categoryIds[0]}:page:${page}`, 'json');
      listed.push(...(next?.products ?? []));
      if (!next || page >= next.totalPages) break;
    }
    expect(listing).not.toBeNull();
    expect(listed.map((card) => card.sku)).toContain('NAMED-1');

    const settled = await pulse();
    const again = await named('/sync/products', { urlKeys: [product.urlKey] });
    expect(again.body.kv).toMatchObject({ written: 0, deleted: 0 });
    expect(await pulse()).toBe(settled);
  });

  it('moves a product whose URL key changed: the old record goes and the old path answers 301', async () => {
    const changed = await adminApi('PATCH', `/products/${product.id}`, { urlKey: 'named-sync-lamp-xl' });
    expect(changed.status).toBe(200);
    const moved = await named('/sync/products', { urlKeys: ['named-sync-lamp-xl'] });
    expect(moved.body.kv!.deleted).toBeGreaterThanOrEqual(1);
    expect(await shop.kv.get('default:product:named-sync-lamp')).toBeNull();
    expect(await indexedUrlKey(shop.kv, 'default', product.sku)).toBe('named-sync-lamp-xl');
    const old = await fetch(`${shop.storefront.url}/named-sync-lamp`, { redirect: 'manual' });
    expect([old.status, old.headers.get('location')]).toEqual([301, '/named-sync-lamp-xl']);
    product = { ...product, urlKey: 'named-sync-lamp-xl' };
  });

  it('removes a deleted product: its page is 404, its SKU index and listing entries are gone', async () => {
    expect((await adminApi('DELETE', `/products/${product.id}`)).status).toBe(204);
    const gone = await named('/sync/products', { deleted: [product.urlKey] });
    expect(gone.status).toBe(200);
    // The record's key goes; its SKU leaves the index bucket it shares with other products (a rewrite).
    expect(gone.body.kv!.deleted).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${shop.storefront.url}/${product.urlKey}`)).status).toBe(404);
    expect(await indexedUrlKey(shop.kv, 'default', product.sku)).toBeNull();
    const listing = await shop.kv.get<{ products: Array<{ sku: string }> }>(`default:products:category:${product.categoryIds[0]}:page:1`, 'json');
    expect(listing!.products.map((card) => card.sku)).not.toContain('NAMED-1');
  });
});

describe('a burst of saves larger than one planning step', () => {
  it('indexes every SKU: a later group sees the SKU index buckets an earlier group of the same run changed', async () => {
    // 60 products plan in two steps of 50 and 10 (NAMES_PER_STEP), the second step's SKUs each in a bucket of the first's.
    const first = Array.from({ length: 50 }, (_, index) => `BURST-${String(index).padStart(2, '0')}`);
    const firstBuckets = new Set(first.map((sku) => contentKeys.skuIndex('default', sku)));
    const second: string[] = [];
    for (let index = 0; second.length < 10; index++) if (firstBuckets.has(contentKeys.skuIndex('default', `BURST-B${index}`))) second.push(`BURST-B${index}`);
    const skus = [...first, ...second];
    for (const sku of skus) {
      const created = await adminApi('POST', '/products', { sku, name: `Burst ${sku}`, urlKey: sku.toLowerCase(), price: 5, stockQty: 1, categoryIds: [] });
      expect(created.status).toBe(201);
    }
    const synced = await named('/sync/products', { urlKeys: skus.map((sku) => sku.toLowerCase()) });
    expect(synced.body).toMatchObject({ success: true, synced: { products: 60 } });
    const indexed = await Promise.all(skus.map((sku) => indexedUrlKey(shop.kv, 'default', sku)));
    expect(skus.filter((sku, index) => indexed[index] !== sku.toLowerCase())).toEqual([]);
  });
});

describe('POST /sync/cms-pages and /sync/blog-posts with identifiers', () => {
  it('refetches a saved page by identifier and drops a deleted one', async () => {
    const created = await adminApi('POST', '/cms-pages', { identifier: 'named-sync-page', title: 'Named sync page', content: '<p>First words</p>' });
    const { id } = (await created.json()) as { id: number };
    expect((await named('/sync/cms-pages', { identifiers: ['named-sync-page'] })).body).toMatchObject({ success: true, synced: { cmsPages: 1 } });
    expect(await (await fetch(`${shop.storefront.url}/named-sync-page`)).text()).toContain('First words');
    await adminApi('DELETE', `/cms-pages/${id}`);
    expect((await named('/sync/cms-pages', { deleted: ['named-sync-page'] })).body.kv!.deleted).toBe(1);
    expect((await fetch(`${shop.storefront.url}/named-sync-page`)).status).toBe(404);
  });

  it('refetches a saved post; an unpublished post leaves KV', async () => {
    const created = await adminApi('POST', '/blog-posts', { identifier: 'named-sync-post', title: 'Named sync post', content: '<p>Post words</p>' });
    const { id } = (await created.json()) as { id: number };
    await named('/sync/blog-posts', { identifiers: ['named-sync-post'] });
    expect(await shop.kv.get('default:blog:named-sync-post')).not.toBeNull();
    await adminApi('PATCH', `/blog-posts/${id}`, { isPublished: false });
    expect((await named('/sync/blog-posts', { identifiers: ['named-sync-post'] })).body.kv!.deleted).toBe(1);
    expect(await shop.kv.get('default:blog:named-sync-post')).toBeNull();
  });
});

describe('refusals', () => {
  it('answers 400 to names a sync does not take or that no record could carry', async () => {
    expect((await named('/sync/config', { urlKeys: ['x'] })).status).toBe(400);
    expect((await named('/sync/products', { identifiers: ['x'] })).status).toBe(400);
    expect((await named('/sync/cms-pages', { identifiers: ['bad\u0000name'] })).status).toBe(400);
    expect((await named('/sync/products', { urlKeys: 'one' })).status).toBe(400);
  });

  it('writes nothing when the backend fails, and answers 409 to a sync overlapping a running one of the same store', async () => {
    const before = await pulse();
    shop.faults.failWhen(/\/api\/rest\/v2\/products\?.*urlKey=/, 500);
    const failed = await named('/sync/products', { urlKeys: ['enamel-camp-mugs-case-of-48'] });
    expect([failed.status, failed.body.success]).toEqual([502, false]);
    expect(await pulse()).toBe(before);
    shop.faults.reset();

    shop.faults.delay(/\/api\/rest\/v2\/cms-pages/, 1500);
    const slow = named('/sync/cms-pages', {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    const overlapping = await named('/sync/cms-pages', { identifiers: ['about-us'] });
    expect([overlapping.status, overlapping.body.error]).toEqual([409, 'sync_in_progress']);
    expect((await slow).status).toBe(200);
    shop.faults.reset();
    expect((await named('/sync/cms-pages', { identifiers: ['about-us'] })).status).toBe(200);
  });
});

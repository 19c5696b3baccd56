/**
 * The admin products API (DECISIONS.md 42, issue 17) over HTTP, for simple and virtual products:
 * create in a category with a per-store price, change the fields sent (a new URL key keeps a
 * redirect), refuse stale versions, taken SKUs and paths, bad prices and unknown categories or
 * store views, leave other types to the product page, delete; every save announced.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface AdminProduct {
  id: number;
  sku: string;
  urlKey: string;
  price: number | null;
  stockStatus: string;
  storeOverrides: Record<string, { price: number; specialPrice: number | null }>;
  categoryIds: number[];
  position: number;
}
type Answer = AdminProduct & { error?: string; details?: unknown; member?: AdminProduct[]; totalItems?: number };

describe.each(dialects)('admin products API (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const events: string[] = [];
  const api = (method: string, path = '', json?: unknown, headers: Record<string, string> = {}) =>
    shop.send<Answer>(method, `/api/rest/v2/admin/products${path}`, { json, headers: { ...admin, ...headers } });
  let categoryId: number;

  beforeAll(async () => {
    const probe = defineModule({
      id: 'saved-probe',
      title: 'Probe',
      subscribers: [
        { event: 'catalog_product_saved', handle: (batch) => void events.push(...batch.map((event) => `saved:${event.payload.productId}`)) },
        { event: 'catalog_product_deleted', handle: (batch) => void events.push(...batch.map((event) => `deleted:${event.payload.sku}`)) },
      ],
    });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
    const categories = await shop.send<{ member: Array<{ id: number; level: number }> }>('GET', '/api/rest/v2/admin/categories?itemsPerPage=100', { headers: admin });
    categoryId = categories.body.member.find((category) => category.level === 2)!.id;
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('creates a simple product in a category with the AU store\'s own price, shown to shoppers', async () => {
    const created = await api('POST', '', {
      sku: 'NEW-LANTERN',
      name: 'Storm lantern',
      urlKey: 'storm-lantern',
      price: 49.5,
      stockQty: 12,
      categoryIds: [categoryId],
      description: '<p onclick="x()">Bright</p>',
      storeOverrides: { au: { price: 79 } },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('Location')).toBe(`/api/rest/v2/admin/products/${created.body.id}`);
    expect(created.body).toMatchObject({ sku: 'NEW-LANTERN', stockStatus: 'in_stock', price: 49.5, categoryIds: [categoryId], storeOverrides: { default: { price: 49.5 }, au: { price: 79 } } });
    await expect.poll(() => events.includes(`saved:${created.body.id}`), { timeout: 5000 }).toBe(true);
    const guest = await shop.get('/api/rest/v2/products?urlKey=storm-lantern');
    expect((guest.body as { member: Array<{ finalPrice: number; categoryIds: number[] }> }).member[0]).toMatchObject({ finalPrice: 49.5, categoryIds: [categoryId] });
    // A page of the list carries each product's own prices and categories (loaded for the page at once).
    const page = (await api('GET', '?itemsPerPage=5')).body.member!;
    expect(page).toHaveLength(5);
    for (const listed of page) expect(Object.keys(listed.storeOverrides).sort()).toEqual(['au', 'default']);
    expect(new Set(page.map((listed) => listed.storeOverrides.default!.price)).size).toBeGreaterThan(1);
    const au = await shop.get('/api/rest/v2/products?urlKey=storm-lantern&store=au');
    expect((au.body as { member: Array<{ finalPrice: number }> }).member[0]!.finalPrice).toBe(79);
  });

  it('changes only the fields sent; a new URL key keeps a redirect; a stale If-Match changes nothing', async () => {
    const [product] = (await api('GET', '?sku=NEW-LANTERN')).body.member!;
    const etag = (await api('GET', `/${product!.id}`)).headers.get('ETag')!;
    const changed = await api('PATCH', `/${product!.id}`, { urlKey: 'storm-lantern-xl', stockQty: 0, specialPrice: 39.99 }, { 'If-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ urlKey: 'storm-lantern-xl', stockStatus: 'out_of_stock', storeOverrides: { default: { price: 49.5, specialPrice: 39.99 } } });
    expect((await api('PATCH', `/${product!.id}`, { name: 'Lost' }, { 'If-Match': etag })).status).toBe(412);
    const redirects = (await shop.get('/api/rest/v2/url-redirects?entity=product')).body as { member: unknown[] };
    expect(redirects.member).toContainEqual({ from: '/storm-lantern', to: '/storm-lantern-xl', entity: 'product' });
  });

  it('refuses bad input by its field, taken SKUs and paths, and other types, writing nothing', async () => {
    const before = (await api('GET', '?itemsPerPage=1')).body.totalItems;
    for (const [body, field] of [
      [{ sku: 'bad sku', name: 'x', urlKey: 'x-1', price: 1 }, 'sku'],
      [{ sku: 'OK-1', name: 'x', urlKey: 'x-1', price: 1.234 }, 'price'],
      [{ sku: 'OK-1', name: 'x', urlKey: 'x-1', price: 1, type: 'kit' }, 'type'],
      [{ sku: 'OK-1', name: 'x', urlKey: 'x-1', price: 1, categoryIds: [999999] }, 'categoryIds'],
      [{ sku: 'OK-1', name: 'x', urlKey: 'x-1', price: 1, storeOverrides: { mars: { price: 2 } } }, 'storeOverrides'],
      [{ sku: 'OK-1', name: 'x', urlKey: 'x-1', price: 1, position: -1 }, 'position'],
      [{ sku: 'OK-1', name: 'x', urlKey: 'x-1', price: 1, position: 1.5 }, 'position'],
    ] as const) {
      const answer = await api('POST', '', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body.details)).toContain(`"field":"${field}`);
    }
    expect((await api('POST', '', { sku: 'NEW-LANTERN', name: 'x', urlKey: 'x-2', price: 1 })).body.error).toBe('sku_taken');
    expect((await api('POST', '', { sku: 'OK-2', name: 'x', urlKey: 'storm-lantern-xl', price: 1 })).body.error).toBe('url_taken');
    expect((await api('GET', '?itemsPerPage=1')).body.totalItems).toBe(before);
    const configurable = ((await shop.get('/api/rest/v2/products?itemsPerPage=100')).body as { member: Array<{ id: number; type: string }> }).member.find((item) => item.type === 'configurable')!;
    expect((await api('PATCH', `/${configurable.id}`, { price: 5 })).body.error).toBe('unsupported_type');
    // Its own content is its own: the texts, sanitised, and its placement.
    const described = await shop.send<{ shortDescription: string; categoryIds: number[] }>('PATCH', `/api/rest/v2/admin/products/${configurable.id}`, {
      json: { shortDescription: '<p onclick="x()">Now in teal</p>', categoryIds: [categoryId] },
      headers: admin,
    });
    expect([described.status, described.body.shortDescription, described.body.categoryIds]).toEqual([200, '<p>Now in teal</p>', [categoryId]]);
    // Its place in listings: one position, lower first; shoppers' records carry it (the storefront sorts by it).
    const placed = await api('PATCH', `/${configurable.id}`, { position: 3 });
    expect([placed.status, placed.body.position]).toEqual([200, 3]);
    expect(((await shop.get(`/api/rest/v2/products/${configurable.id}`)).body as { position: number }).position).toBe(3);
    // Related products: not itself, only products that exist; shown to shoppers by SKU, in order.
    const [lantern] = (await api('GET', '?sku=NEW-LANTERN')).body.member!;
    for (const relatedIds of [[configurable.id], [999_999]]) {
      const refused = await api('PATCH', `/${configurable.id}`, { relatedIds });
      expect([refused.status, JSON.stringify(refused.body.details)]).toEqual([400, expect.stringContaining('"field":"relatedIds"')]);
    }
    expect((await api('PATCH', `/${configurable.id}`, { relatedIds: [lantern!.id] })).status).toBe(200);
    expect(((await shop.get(`/api/rest/v2/products/${configurable.id}`)).body as { relatedSkus: string[] }).relatedSkus).toEqual(['NEW-LANTERN']);
  });

  it('takes an uploaded image, re-encoded as WebP and served under /media, as the product\'s picture; refuses what is no image', async () => {
    const [product] = (await api('GET', '?sku=NEW-LANTERN')).body.member!;
    const upload = (file: Blob | string, fields: Record<string, string> = {}) => {
      const form = new FormData();
      form.set('file', file instanceof Blob ? file : new Blob([file], { type: 'image/png' }), 'photo.png');
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return shop.app.request(`/api/rest/v2/admin/products/${product!.id}/images`, { method: 'POST', headers: admin, body: form });
    };
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } }).png().toBuffer();
    const added = await upload(new Blob([new Uint8Array(png)], { type: 'image/png' }), { alt: 'A red lantern', main: 'true' });
    expect(added.status, await added.clone().text()).toBe(201);
    const { images } = (await added.json()) as { images: Array<{ id: number; url: string; alt: string }> };
    expect(images).toEqual([expect.objectContaining({ alt: 'A red lantern', url: expect.stringMatching(/^\/media\/catalog\/product\/[0-9a-f]{24}\.webp$/) })]);
    const served = await shop.app.request(images[0]!.url);
    expect([served.status, served.headers.get('Content-Type'), served.headers.get('Cache-Control')]).toEqual([200, 'image/webp', 'public, max-age=31536000, immutable']);
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP');
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 64, height: 48, format: 'webp' });
    const guest = (await shop.get('/api/rest/v2/products?urlKey=storm-lantern-xl')).body as { member: Array<{ imageUrl: string }> };
    expect(guest.member[0]!.imageUrl).toBe(images[0]!.url);

    for (const bad of ['<svg onload="alert(1)"></svg>', 'GIF89a not really']) {
      const refused = await upload(bad);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain('"field":"file"');
    }
    const none = await shop.app.request(`/api/rest/v2/admin/products/${product!.id}/images`, { method: 'POST', headers: admin, body: new FormData() });
    expect(none.status).toBe(400);
    // A second picture, put first and described; the storefront's picture follows.
    const blue = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2563eb' } }).png().toBuffer();
    const second = ((await (await upload(new Blob([new Uint8Array(blue)], { type: 'image/png' }))).json()) as { images: Array<{ id: number; url: string }> }).images[1]!;
    const imagePath = `/api/rest/v2/admin/products/${product!.id}/images/${second.id}`;
    for (const bad of [{ position: -1 }, { alt: 'x'.repeat(256) }, { main: true }]) {
      expect((await shop.send('PATCH', imagePath, { json: bad, headers: admin })).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await shop.send('PATCH', `/api/rest/v2/admin/products/${product!.id}/images/999999`, { json: { alt: 'x' }, headers: admin })).status).toBe(404);
    const moved = await shop.send<{ images: Array<{ id: number; alt: string; position: number }> }>('PATCH', imagePath, { json: { position: 0, alt: ' A blue lantern ' }, headers: admin });
    expect(moved.body.images.map((image) => [image.id, image.alt, image.position])).toEqual([[second.id, 'A blue lantern', 0], [images[0]!.id, 'A red lantern', 1]]);
    expect(((await shop.get('/api/rest/v2/products?urlKey=storm-lantern-xl')).body as { member: Array<{ imageUrl: string }> }).member[0]!.imageUrl).toBe(second.url);

    await shop.send('DELETE', imagePath, { headers: admin });
    const removed = await shop.send<{ images: unknown[] }>('DELETE', `/api/rest/v2/admin/products/${product!.id}/images/${images[0]!.id}`, { headers: admin });
    expect([removed.status, removed.body.images]).toEqual([200, []]);
  });

  it('exports every product as CSV, formulas neutralised, and imports a CSV: a dry run reports per line and writes nothing', async () => {
    expect((await api('POST', '', { sku: 'CSV-FORMULA', name: '=HYPERLINK("http://evil")', urlKey: 'csv-formula', price: 5 })).status).toBe(201);
    const exported = await shop.app.request('/api/rest/v2/admin/products/export', { headers: admin });
    expect([exported.status, exported.headers.get('Content-Type')]).toEqual([200, 'text/csv; charset=utf-8']);
    const bytes = new Uint8Array(await exported.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('sku,name,url_key,type,price,special_price,special_price_from,special_price_to,qty,enabled,categories,description,meta_title,meta_description,weight,position\r\n')).toBe(true);
    expect(text).toContain(`CSV-FORMULA,"'=HYPERLINK(""http://evil"")",csv-formula,simple,5.00,,,,0,yes,,`);

    const category = ((await shop.send<{ member: Array<{ urlPath: string; level: number }> }>('GET', '/api/rest/v2/admin/categories?itemsPerPage=100', { headers: admin })).body.member.find((c) => c.level === 2))!;
    const csv = [
      'SKU,Name,URL_Key,Price,Qty,Categories,Position',
      `CSV-NEW,Imported kettle,imported-kettle,19.90,4,${category.urlPath},12`,
      'CSV-FORMULA,,,7.5,,,',
      'CSV-BAD,Bad price,bad-price,abc,1,,',
      'CSV-LOST,Lost category,lost-category,3,1,no/such/category,',
      'CSV-NAMELESS,,nameless,3,1,,',
    ].join('\r\n');
    const importCsv = async (dryRun: boolean) => {
      const response = await shop.app.request(`/api/rest/v2/admin/products/import?dryRun=${dryRun}`, { method: 'POST', headers: { ...admin, 'Content-Type': 'text/csv' }, body: csv });
      return (await response.json()) as { errors: unknown[] };
    };
    const dry = await importCsv(true);
    expect(dry).toMatchObject({ dryRun: true, rows: 5, created: 1, updated: 1, failed: 3 });
    expect(dry.errors).toEqual([
      { line: 4, sku: 'CSV-BAD', field: 'price', message: 'Not a number: digits with a point, e.g. 19.90.' },
      { line: 5, sku: 'CSV-LOST', field: 'categories', message: 'No category /no/such/category.' },
      { line: 6, sku: 'CSV-NAMELESS', field: 'name', message: 'Required for a new product.' },
    ]);
    expect((await api('GET', '?sku=CSV-NEW')).body.member).toEqual([]);
    expect((await api('GET', '?sku=CSV-FORMULA')).body.member![0]!.price).toBe(5);

    const real = await importCsv(false);
    expect(real).toMatchObject({ dryRun: false, created: 1, updated: 1, failed: 3 });
    expect((await api('GET', '?sku=CSV-NEW')).body.member![0]).toMatchObject({ urlKey: 'imported-kettle', price: 19.9, stockStatus: 'in_stock', position: 12 });
    expect((await api('GET', '?sku=CSV-FORMULA')).body.member![0]!.price).toBe(7.5);
    const broken = await shop.app.request('/api/rest/v2/admin/products/import', { method: 'POST', headers: { ...admin, 'Content-Type': 'text/csv' }, body: 'name\nno sku column' });
    expect([broken.status, ((await broken.json()) as { error: string }).error]).toEqual([400, 'invalid_csv']);
    const withNul = await shop.app.request('/api/rest/v2/admin/products/import', { method: 'POST', headers: { ...admin, 'Content-Type': 'text/csv' }, body: 'sku,name\nCSV-NUL,a\u0000b' });
    expect([withNul.status, ((await withNul.json()) as { error: string }).error]).toEqual([400, 'invalid_csv']);
  });

  it('deletes a product: gone for shoppers, announced with what it was', async () => {
    const [product] = (await api('GET', '?sku=NEW-LANTERN')).body.member!;
    expect((await api('DELETE', `/${product!.id}`)).status).toBe(204);
    expect((await api('GET', `/${product!.id}`)).status).toBe(404);
    expect(((await shop.get('/api/rest/v2/products?urlKey=storm-lantern-xl')).body as { member: unknown[] }).member).toEqual([]);
    await expect.poll(() => events.includes('deleted:NEW-LANTERN'), { timeout: 5000 }).toBe(true);
  });
});

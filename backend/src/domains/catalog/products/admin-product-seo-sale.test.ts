/**
 * Issue 17: a product's meta title and description, weight, and the days its special price
 * applies, over HTTP: set through the admin API and the product page's forms, read back from the
 * public record, refused by their field when wrong (nothing written), and the special price charged
 * by a cart only on its days.
 */
import { submittedFields } from '../../../../test/helpers/admin-forms.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer, adminBrowser } from '../../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface Answer {
  id: number;
  name: string;
  metaTitle: string;
  metaDescription: string;
  weight: number | null;
  specialPrice: number | null;
  specialPriceFrom: string | null;
  specialPriceTo: string | null;
  error?: string;
  details?: Array<{ field: string }>;
}
interface PublicRecord {
  metaTitle: string;
  metaDescription: string;
  weight: number | null;
  price: number;
  specialPrice: number | null;
  finalPrice: number;
  minimalPrice: number;
}

// Far enough either side of any test run's "today", in any store view's time zone.
const past = { specialPriceFrom: '2020-01-01', specialPriceTo: '2020-12-31' };
const spanning = { specialPriceFrom: '2020-01-01', specialPriceTo: '2999-12-31' };
const future = { specialPriceFrom: '2999-01-01', specialPriceTo: null };

describe.each(dialects)('product meta, weight and special price days (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  let id: number;
  const api = (method: string, path = '', json?: unknown) => shop.send<Answer>(method, `/api/rest/v2/admin/products${path}`, { json, headers: admin });
  const shown = async (store = 'default') =>
    ((await shop.get(`/api/rest/v2/products?urlKey=trail-flask&store=${store}`)).body as { member: PublicRecord[] }).member[0]!;

  beforeAll(async () => {
    shop = await openTestShop(dialect);
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('sets every new field on create and shows meta and weight to shoppers; a special price past its days is not the price', async () => {
    const created = await api('POST', '', {
      sku: 'TRAIL-FLASK',
      name: 'Trail flask',
      urlKey: 'trail-flask',
      price: 20,
      specialPrice: 15,
      ...past,
      stockQty: 5,
      weight: 0.35,
      metaTitle: '  Insulated trail flask  ',
      metaDescription: 'Keeps coffee hot for 12 hours.',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = created.body.id;
    expect(created.body).toMatchObject({ weight: 0.35, metaTitle: 'Insulated trail flask', metaDescription: 'Keeps coffee hot for 12 hours.', specialPrice: 15, ...past });
    expect(await shown()).toMatchObject({ metaTitle: 'Insulated trail flask', metaDescription: 'Keeps coffee hot for 12 hours.', weight: 0.35, price: 20, specialPrice: null, finalPrice: 20, minimalPrice: 20 });
    // Every store view's row carries the days.
    expect(await shown('au')).toMatchObject({ specialPrice: null });
  });

  it('applies the special price on its days only, open ends included, in listings and in the cart', async () => {
    const cartPrice = async () => {
      const token = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
      const cart = await shop.send<{ items: Array<{ rowTotal: number }>; subtotal: number }>('POST', '/api/rest/v2/cart/items', { json: { sku: 'TRAIL-FLASK', qty: 2 }, headers: { 'x-cart-token': token } });
      expect(cart.status).toBe(200);
      return cart.body.subtotal;
    };
    expect(await cartPrice()).toBe(40);

    expect((await api('PATCH', `/${id}`, spanning)).status).toBe(200);
    expect(await shown()).toMatchObject({ specialPrice: 15, finalPrice: 15, minimalPrice: 15 });
    expect(await cartPrice()).toBe(30);

    const later = await api('PATCH', `/${id}`, future);
    expect(later.body).toMatchObject({ specialPrice: 15, specialPriceFrom: '2999-01-01', specialPriceTo: null });
    expect(await shown()).toMatchObject({ specialPrice: null, finalPrice: 20, minimalPrice: 20 });
    expect(await cartPrice()).toBe(40);

    // "Today" is each store view's own day (the demo's: Los Angeles and Melbourne), so a sale of one day runs in each shop's local day.
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const melbourne = dayIn('Australia/Melbourne');
    await api('PATCH', `/${id}`, { specialPriceFrom: melbourne, specialPriceTo: melbourne });
    expect((await shown('au')).specialPrice).not.toBeNull();
    expect((await shown('default')).specialPrice !== null).toBe(dayIn('America/Los_Angeles') === melbourne);

    // No days at all: the special price always applies, as before this slice.
    expect((await api('PATCH', `/${id}`, { specialPriceFrom: null, specialPriceTo: null })).body).toMatchObject({ specialPriceFrom: null, specialPriceTo: null });
    expect(await shown()).toMatchObject({ finalPrice: 15 });
    // A PATCH of only the price keeps the days; one of only the end keeps the start.
    expect((await api('PATCH', `/${id}`, { specialPriceTo: '2020-06-30' })).body).toMatchObject({ specialPriceFrom: null, specialPriceTo: '2020-06-30' });
    expect((await api('PATCH', `/${id}`, { price: 21 })).body).toMatchObject({ specialPriceTo: '2020-06-30' });
    expect(await shown()).toMatchObject({ price: 21, finalPrice: 21 });
  });

  it('refuses bad values by their field and writes nothing', async () => {
    const before = (await api('GET', `/${id}`)).body;
    for (const [body, field] of [
      [{ weight: -0.5 }, 'weight'],
      [{ weight: 0.0005 }, 'weight'],
      [{ weight: '1kg' }, 'weight'],
      [{ specialPriceFrom: '2026-02-30' }, 'specialPriceFrom'],
      [{ specialPriceTo: '31/12/2026' }, 'specialPriceTo'],
      [{ metaTitle: 'x'.repeat(256) }, 'metaTitle'],
      [{ metaDescription: 'x'.repeat(1001) }, 'metaDescription'],
      // The service's own check, after the product row is written in the transaction: it all rolls back.
      [{ name: 'Half written', specialPriceFrom: '2030-01-02', specialPriceTo: '2030-01-01' }, 'specialPriceTo'],
      // The start alone after the saved end.
      [{ name: 'Half written', specialPriceFrom: '2020-07-01' }, 'specialPriceTo'],
    ] as const) {
      const refused = await api('PATCH', `/${id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.details?.map((detail) => detail.field), JSON.stringify(body)).toContain(field);
    }
    expect((await api('GET', `/${id}`)).body).toEqual(before);
    const created = await api('POST', '', { sku: 'BAD-DAYS', name: 'x', urlKey: 'bad-days', price: 5, specialPrice: 4, specialPriceFrom: '2030-01-02', specialPriceTo: '2030-01-01' });
    expect([created.status, created.body.details?.[0]?.field]).toEqual([400, 'specialPriceTo']);
    expect((await shop.send<{ member: unknown[] }>('GET', '/api/rest/v2/admin/products?sku=BAD-DAYS', { headers: admin })).body.member).toEqual([]);
    // A configurable's special price and days are its variants'; its weight and meta are its own.
    const configurable = ((await shop.get('/api/rest/v2/products?itemsPerPage=100')).body as { member: Array<{ id: number; type: string }> }).member.find((item) => item.type === 'configurable')!;
    expect((await api('PATCH', `/${configurable.id}`, { specialPriceTo: '2030-01-01' })).body.error).toBe('unsupported_type');
    expect((await api('PATCH', `/${configurable.id}`, { weight: 1.2, metaTitle: 'Jacket' })).body).toMatchObject({ weight: 1.2, metaTitle: 'Jacket' });
  });

  it('edits them on the product page: weight and days in the main form, meta in Content and placement', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const page = await browser.request('GET', `/admin/products/${id}`);
    expect(page.html).toContain('name="special_from"');
    expect(page.html).toContain('name="metaTitle" value="Insulated trail flask"');
    const prices = Object.fromEntries([...page.html.matchAll(/name="((?:price|special)_\d+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
    const save = (fields: Record<string, string>) => browser.submit(`/admin/products/${id}`, `/admin/products/${id}`, { name: 'Trail flask', enabled: '1', qty: '5', ...prices, ...fields });

    const refused = await save({ weight: '-1', special_from: '', special_to: '' });
    expect([refused.status, refused.html]).toEqual([400, expect.stringContaining('Weight: kilograms')]);
    const backwards = await save({ weight: '0.4', special_from: '2030-05-02', special_to: '2030-05-01' });
    expect([backwards.status, backwards.html]).toEqual([400, expect.stringContaining('the last day cannot come before the first')]);
    expect((await api('GET', `/${id}`)).body).toMatchObject({ weight: 0.35, specialPriceTo: '2020-06-30' });

    expect((await save({ weight: '0,5', special_from: '2020-01-01', special_to: '' })).status).toBe(303);
    expect((await api('GET', `/${id}`)).body).toMatchObject({ weight: 0.5, specialPriceFrom: '2020-01-01', specialPriceTo: null });
    expect(await shown('au')).toMatchObject({ weight: 0.5, specialPrice: expect.any(Number) });

    // Content and placement is a part of the product's one form, saved by its one Save.
    const content = await browser.request('GET', `/admin/products/${id}`);
    const typed = submittedFields(content.html, `/admin/products/${id}`);
    const tooLong = await browser.request('POST', `/admin/products/${id}`, { ...typed, visibility: 'catalog', metaTitle: 'x'.repeat(256), metaDescription: '' });
    expect([tooLong.status, tooLong.html]).toEqual([400, expect.stringContaining('id="content-metaTitle-error"')]);
    const saved = await browser.request('POST', `/admin/products/${id}`, { ...typed, visibility: 'catalog', metaTitle: 'Flask for the trail', metaDescription: 'Steel, 750 ml.' });
    expect(saved.status, saved.html.match(/role="alert">[^<]*/g)?.join(" ")).toBe(303);
    expect(await shown()).toMatchObject({ metaTitle: 'Flask for the trail', metaDescription: 'Steel, 750 ml.' });
  });

  it('exports and imports the new CSV columns', async () => {
    const exported = await (await shop.app.request('/api/rest/v2/admin/products/export', { headers: admin })).text();
    expect(exported).toContain('TRAIL-FLASK,Trail flask,trail-flask,simple,21.00,15.00,2020-01-01,,5,yes,,,Flask for the trail,"Steel, 750 ml.",0.5');
    const csv = ['sku,meta_title,weight,special_price_from,special_price_to', 'TRAIL-FLASK,Imported title,1.25,2999-01-01,2999-02-01', 'TRAIL-FLASK,,-3,,'].join('\r\n');
    const report = await (await shop.app.request('/api/rest/v2/admin/products/import?dryRun=false', { method: 'POST', headers: { ...admin, 'Content-Type': 'text/csv' }, body: csv })).json();
    expect(report).toMatchObject({ updated: 1, failed: 1, errors: [{ line: 3, field: 'weight' }] });
    expect((await api('GET', `/${id}`)).body).toMatchObject({ metaTitle: 'Imported title', weight: 1.25, specialPriceFrom: '2999-01-01', specialPriceTo: '2999-02-01' });
    expect(await shown()).toMatchObject({ specialPrice: null, finalPrice: 21 });
  });
});

/**
 * The product page's main form keeps a save from being lost (issue 17), over HTTP: it carries the
 * version it was loaded at, so a save over someone else's newer change answers 409 with the typing
 * kept and nothing written (the variants grid and a grouped product's members form too); every
 * refusal shows next to its field with the typed text kept (a taken SKU as a 409); a save goes
 * through the product service, audited and announced (catalog_product_saved).
 */
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../platform/audit/service.ts';
import { productLinks, products } from '../../../platform/db/schema/index.ts';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { formHtml, submittedFields, type SubmittedFields } from '../../../../test/helpers/admin-forms.ts';
import { adminBearer, adminBrowser } from '../../../../test/helpers/admin-session.ts';
import { aConfigurableChoice, aSimpleProduct } from '../../../../test/helpers/shop-data.ts';
import { parsePage, textOf } from '../../../../test/helpers/html.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface AdminRecord {
  id: number;
  sku: string;
  name: string;
  stockQty: number;
  weight: number | null;
  specialPriceFrom: string | null;
  storeOverrides: Record<string, { price: number; specialPrice: number | null }>;
  variants?: Array<{ id: number; price: number; stockQty: number }>;
  linkedProducts?: Array<{ sku: string }>;
}

describe.each(dialects)('the product page\'s main form (%s)', (dialect) => {
  let shop: TestShop;
  let admin: ReturnType<typeof adminBrowser>;
  let bearer: { authorization: string };
  const announced: number[] = [];

  beforeAll(async () => {
    const probe = defineModule({ id: 'saved-probe', title: 'Probe', subscribers: [{ event: 'catalog_product_saved', handle: (events) => void announced.push(...events.map((event) => event.payload.productId)) }] });
    shop = await openTestShop(dialect, { modules: [probe] });
    bearer = await adminBearer(shop);
    admin = adminBrowser(shop);
    await admin.signIn();
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const record = async (id: number) => (await shop.send<AdminRecord>('GET', `/api/rest/v2/admin/products/${id}`, { headers: bearer })).body;

  /** The page and its main form's fields as loaded: the CSRF token and the version among them. */
  async function formOf(id: number) {
    const page = await admin.request('GET', `/admin/products/${id}`);
    expect(page.status).toBe(200);
    const action = `/admin/products/${id}`;
    return { page, main: formHtml(page.html, action), fields: submittedFields(page.html, action) };
  }
  const post = (id: number, fields: SubmittedFields) => admin.request('POST', `/admin/products/${id}`, fields);
  /** The field's input as rendered, and its error next to it. */
  const shownWithError = (html: string, name: string, typed: string) => {
    expect(html).toMatch(new RegExp(`name="${name}"[^>]*value="${typed}"[^>]*aria-invalid="true" aria-describedby="${name}-error"`));
    return /<strong class="error" id="([^"]+)-error" role="alert">([^<]*)</.exec(html.slice(html.indexOf(`name="${name}"`)))!.slice(1);
  };

  it('carries the version it was loaded at and asks before leaving it unsaved', async () => {
    const product = await aSimpleProduct(shop.database.db);
    const { main, fields } = await formOf(product.id);
    const etag = (await shop.send('GET', `/api/rest/v2/admin/products/${product.id}`, { headers: bearer })).headers.get('etag');
    expect(fields._etag).toBe(etag);
    expect(main).toMatch(/^<form [^>]*data-unsaved-warning>/);
    expect(main).toContain(`name="sku" value="${product.sku}"`);
  });

  it('refuses a save over someone else\'s newer change with 409, the typing kept and nothing written', async () => {
    const product = await aSimpleProduct(shop.database.db, 1);
    const { fields } = await formOf(product.id);
    const price = Object.keys(fields).find((name) => /^price_\d+$/.test(name))!;
    const elsewhere = await shop.send('PATCH', `/api/rest/v2/admin/products/${product.id}`, { json: { name: 'Renamed elsewhere' }, headers: bearer });
    expect(elsewhere.status).toBe(200);
    const before = await record(product.id);

    const special = price.replace('price_', 'special_');
    const stale = await post(product.id, { ...fields, name: 'My rename', [price]: '77.70', [special]: '', qty: '3' });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain('changed by someone else since you opened it');
    expect(stale.html).toContain('value="My rename"');
    expect(stale.html).toContain(`name="${price}" type="number" step="0.01" min="0" value="77.70"`);
    expect(stale.html).toContain(`name="_etag" value="${String(fields._etag).replaceAll('"', '&quot;')}"`);
    expect(await record(product.id)).toEqual(before);
    // Said first: a field's error would have the editor correct a form that cannot be saved.
    expect((await post(product.id, { ...fields, [price]: 'twelve' })).status).toBe(409);

    // Reloaded, the same change saves.
    const fresh = await formOf(product.id);
    const saved = await post(product.id, { ...fresh.fields, name: 'My rename', [price]: '77.70', [special]: '' });
    expect([saved.status, saved.location]).toEqual([303, `/admin/products/${product.id}?flash=saved`]);
    const after = await record(product.id);
    expect([after.name, Object.values(after.storeOverrides).map((own) => own.price)]).toEqual(['My rename', expect.arrayContaining([77.7])]);
  });

  it('shows a bad price, weight and day next to their fields with the typed text kept, writing nothing', async () => {
    const product = await aSimpleProduct(shop.database.db, 2);
    const { fields } = await formOf(product.id);
    const price = Object.keys(fields).find((name) => /^price_\d+$/.test(name))!;
    const before = await record(product.id);
    const refused = await post(product.id, { ...fields, name: 'Typed name', [price]: '12.3.4', weight: 'heavy', special_from: '2031-02-30' });
    expect(refused.status).toBe(400);
    expect(shownWithError(refused.html, price, '12.3.4')).toEqual([price, expect.stringContaining('must be a number of 0 or more')]);
    expect(shownWithError(refused.html, 'weight', 'heavy')).toEqual(['weight', expect.stringContaining('Weight: kilograms')]);
    expect(shownWithError(refused.html, 'special_from', '2031-02-30')).toEqual(['special_from', expect.stringContaining('a date such as')]);
    expect(refused.html).toContain('value="Typed name"');
    // The page's own message only sums them up.
    expect(refused.html).toContain('Nothing was saved: 3 fields need correcting, marked below.');

    const backwards = await post(product.id, { ...fields, special_from: '2031-05-10', special_to: '2031-05-01', qty: '-2' });
    expect(backwards.status).toBe(400);
    expect(shownWithError(backwards.html, 'special_to', '2031-05-01')).toEqual(['special_to', 'Special price days: the last day cannot come before the first.']);
    expect(shownWithError(backwards.html, 'qty', '-2')).toEqual(['qty', 'Stock: a whole number, 0 or more.']);
    expect(await record(product.id)).toEqual(before);
  });

  it('shows a SKU another product has (409) or the API refuses by the SKU field; a new SKU saves', async () => {
    const [product, other] = [await aSimpleProduct(shop.database.db, 3), await aSimpleProduct(shop.database.db, 4)];
    const { fields } = await formOf(product.id);
    const before = await record(product.id);
    const taken = await post(product.id, { ...fields, sku: other.sku, name: 'Kept name' });
    expect(taken.status).toBe(409);
    expect(shownWithError(taken.html, 'sku', other.sku)).toEqual(['sku', `Another product has the SKU "${other.sku}".`.replaceAll('"', '&quot;')]);
    expect(taken.html).toContain('value="Kept name"');
    const malformed = await post(product.id, { ...fields, sku: 'no spaces here' });
    expect(malformed.status).toBe(400);
    expect(shownWithError(malformed.html, 'sku', 'no spaces here')).toEqual(['sku', expect.stringContaining('A SKU: letters, digits')]);
    expect(await record(product.id)).toEqual(before);

    const renamed = await post(product.id, { ...fields, sku: `${product.sku}-NEW` });
    expect(renamed.status).toBe(303);
    expect((await record(product.id)).sku).toBe(`${product.sku}-NEW`);
  });

  it('saves through the product service: audited with what changed, announced, the grouped products selling it re-derived', async () => {
    const [member] = await shop.database.db
      .select({ product: products, groupId: productLinks.productId })
      .from(productLinks)
      .innerJoin(products, eq(products.id, productLinks.linkedProductId))
      .where(and(eq(productLinks.linkType, 'grouped'), eq(products.type, 'simple'), eq(products.isEnabled, true)))
      .orderBy(asc(productLinks.productId))
      .limit(1);
    const id = member!.product.id;
    const { fields } = await formOf(id);
    // The cheapest of the products the group sells, in every store view.
    const prices = Object.fromEntries(Object.keys(fields).flatMap((name) => (/^price_\d+$/.test(name) ? [[name, '0.15']] : /^special_\d+$/.test(name) ? [[name, '']] : [])));
    const before = await record(id);
    announced.length = 0;
    const saved = await post(id, { ...fields, ...prices, name: 'Audited name', weight: '1,237', qty: String(before.stockQty + 1) });
    expect(saved.status).toBe(303);
    expect(await record(id)).toMatchObject({ name: 'Audited name', weight: 1.237, stockQty: before.stockQty + 1 });

    const log = await shop.send<{ member: AuditEntry[] }>('GET', '/api/rest/v2/admin/audit-log?module=core', { headers: bearer });
    const entry = log.body.member.find((each) => each.subject === `product:${id}`)!;
    expect(entry).toMatchObject({ action: 'product.updated', actor: { type: 'admin', email: 'admin@example.com' } });
    // Only what changed, from and to.
    expect(Object.keys(entry.diff!).sort()).toEqual(['name', 'stockQty', 'storeOverrides', 'weight']);
    expect(entry.diff!.name).toEqual({ from: before.name, to: 'Audited name' });
    expect(entry.diff!.weight).toEqual({ from: before.weight, to: 1.237 });
    await expect.poll(() => announced).toEqual(expect.arrayContaining([id, member!.groupId]));
    expect(((await shop.get(`/api/rest/v2/products/${member!.groupId}`)).body as { minimalPrice: number }).minimalPrice).toBe(0.15);
  });

  it('checks a configurable\'s variants grid against the version too, and audits a grid save on the parent', async () => {
    const { parent, variant } = await aConfigurableChoice(shop.database.db);
    const { fields, page } = await formOf(parent.id);
    // Its derived "from" price in each store view in the admin's one money format ($89.50, A$20.00).
    expect(page.html).toMatch(/data-derived-price="\d+">[^<]+: from \$\d[\d,]*\.\d\d</);
    expect(page.html).not.toMatch(/data-derived-price="\d+">[^<]+ (USD|AUD|EUR)</);
    const price = Object.keys(fields).find((name) => name.startsWith(`variant_${variant.id}_price_`))!;
    const qty = `variant_${variant.id}_qty`;
    const saved = await post(parent.id, { ...fields, [price]: '44.00', [price.replace('_price_', '_special_')]: '', [qty]: String(variant.qty + 1) });
    expect(saved.status).toBe(303);
    expect((await record(parent.id)).variants!.find((each) => each.id === variant.id)).toMatchObject({ price: 44, stockQty: variant.qty + 1 });
    const log = await shop.send<{ member: AuditEntry[] }>('GET', '/api/rest/v2/admin/audit-log?module=core', { headers: bearer });
    const entry = log.body.member.find((each) => each.subject === `product:${parent.id}`)!;
    expect(entry.action).toBe('product.variant_changed');
    expect(entry.diff![`variant ${variant.sku}`]).toMatchObject({ from: { stockQty: variant.qty }, to: { stockQty: variant.qty + 1 } });

    // The form loaded before that save is stale now: its grid is refused, nothing written.
    const before = await record(parent.id);
    const stale = await post(parent.id, { ...fields, [price]: '45.00' });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain(`name="${price}" type="number" step="0.01" min="0" value="45.00"`);
    expect(await record(parent.id)).toEqual(before);
  });

  it('refuses a grouped product\'s stale members list with 409, the list kept and nothing written', async () => {
    const [group] = await shop.database.db.select({ id: productLinks.productId }).from(productLinks).where(eq(productLinks.linkType, 'grouped')).orderBy(asc(productLinks.productId)).limit(1);
    const id = group!.id;
    const page = await admin.request('GET', `/admin/products/${id}`);
    // The members are a part of the product's one form, saved with the rest under its version.
    const fields = submittedFields(page.html, `/admin/products/${id}`);
    const other = await aSimpleProduct(shop.database.db, 5);
    expect((await shop.send('PATCH', `/api/rest/v2/admin/products/${id}`, { json: { metaTitle: 'Changed elsewhere' }, headers: bearer })).status).toBe(200);
    const before = await record(id);
    const stale = await post(id, { ...fields, members: other.sku });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain('changed by someone else since you opened it');
    expect(stale.html).toMatch(new RegExp(`<textarea name="members" id="members-list" rows="6" >${other.sku}</textarea>`));
    expect(await record(id)).toEqual(before);
  });

  it('takes the main image on New product, saved with the product; a file that is no image refuses both, the typing kept', async () => {
    const page = await admin.request('GET', '/admin/products/new');
    expect(page.html).toContain('enctype="multipart/form-data"');
    expect(page.html).toContain('<input type="file" name="image"');
    const create = (file: Blob, sku: string, imageAlt = 'A brass lamp') => {
      const form = new FormData();
      const fields = { _csrf: admin.csrfOf(page.html), type: 'simple', name: 'Pictured lamp', sku, urlKey: sku.toLowerCase(), price: '12.50', stockQty: '3', isEnabled: 'on', imageAlt };
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      form.set('image', file, 'lamp.png');
      const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      return shop.app.request('/admin/products/new', { method: 'POST', headers: { cookie }, body: form });
    };
    const bad = await create(new Blob(['GIF89a not really'], { type: 'image/png' }), 'PICTURED-BAD');
    expect(bad.status).toBe(400);
    const refused = await bad.text();
    expect(refused).toMatch(/<input type="file" name="image" accept="image\/\*" aria-invalid="true" \/><\/label> <strong class="error" role="alert">Not a readable image\. Choose the file again\.<\/strong>/);
    expect(refused).toContain('name="sku" value="PICTURED-BAD"');
    expect((await shop.send<{ member: unknown[] }>('GET', '/api/rest/v2/admin/products?sku=PICTURED-BAD', { headers: bearer })).body.member).toEqual([]);

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b7791f' } }).png().toBuffer();
    // Alternative text past 255 characters (posted around the input's maxlength) is refused beside its field, not cut.
    const wordy = await create(new Blob([new Uint8Array(png)], { type: 'image/png' }), 'PICTURED-WORDY', 'a'.repeat(256));
    expect(wordy.status).toBe(400);
    expect(await wordy.text()).toMatch(/name="imageAlt" value="a{256}" maxlength="255" aria-invalid="true" \/><\/label> <strong class="error" role="alert">Alternative text: at most 255 characters\.<\/strong>/);
    expect((await shop.send<{ member: unknown[] }>('GET', '/api/rest/v2/admin/products?sku=PICTURED-WORDY', { headers: bearer })).body.member).toEqual([]);
    const made = await create(new Blob([new Uint8Array(png)], { type: 'image/png' }), 'PICTURED-LAMP');
    expect(made.status, await made.clone().text()).toBe(303);
    const [lamp] = (await shop.send<{ member: Array<{ images: Array<{ alt: string; url: string; position: number }> }> }>('GET', '/api/rest/v2/admin/products?sku=PICTURED-LAMP', { headers: bearer })).body.member;
    expect(lamp!.images).toEqual([expect.objectContaining({ alt: 'A brass lamp', position: 0, url: expect.stringMatching(/^\/media\/catalog\/product\/[0-9a-f]{24}\.webp$/) })]);
  });
  it('asks New product for a price in each store view\'s currency: the AUD store sells at its own, a bad one is refused beside its field', async () => {
    const page = await admin.request('GET', '/admin/products/new');
    const form = parsePage(page.html);
    expect(textOf(form.one('label:has(> input[name="price"])'))).toMatch(/^Price in .+ \(USD\)/);
    expect(textOf(form.one('label:has(> input[name="storePrice.au"])'))).toMatch(/^Price in Southern Cross Outfitters \(AUD; blank: the same number as in .+\)/);
    const fields = { type: 'simple', name: 'Two-currency lamp', sku: 'TWO-CURRENCY', urlKey: 'two-currency-lamp', price: '89.50', stockQty: '4', isEnabled: 'on' };
    const refused = await admin.submit('/admin/products/new', '/admin/products/new', { ...fields, 'storePrice.au': '-1' });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/name="storePrice\.au" value="-1" aria-invalid="true"[^>]*\/><\/label> <strong class="error" role="alert">/);
    // Not a number, beside its field too.
    const words = await admin.submit('/admin/products/new', '/admin/products/new', { ...fields, 'storePrice.au': 'twelve' });
    expect(words.status).toBe(400);
    expect(words.html).toMatch(/name="storePrice\.au" value="twelve" aria-invalid="true"/);
    // A view the shop does not have is refused too, nothing written; so is a name aimed at the object's prototype.
    expect((await admin.submit('/admin/products/new', '/admin/products/new', { ...fields, 'storePrice.mars': '5' })).status).toBe(400);
    expect((await admin.submit('/admin/products/new', '/admin/products/new', { ...fields, 'storePrice.__proto__': '5' })).status).toBe(400);
    expect((await shop.send<{ member: unknown[] }>('GET', '/api/rest/v2/admin/products?sku=TWO-CURRENCY', { headers: bearer })).body.member).toEqual([]);

    const made = await admin.submit('/admin/products/new', '/admin/products/new', { ...fields, 'storePrice.au': '135' });
    expect(made.status, made.html.match(/role="alert">[^<]*/g)?.join(' ')).toBe(303);
    const id = Number(/\/admin\/products\/(\d+)/.exec(made.location!)![1]);
    const priceIn = async (store?: string) => ((await shop.get(`/api/rest/v2/products/${id}${store ? `?store=${store}` : ''}`)).body as { price: number }).price;
    expect([await priceIn(), await priceIn('au')]).toEqual([89.5, 135]);
  });
});

/**
 * Issue 17: a configurable's attributes changed after it is created, and its variants' special price
 * days, over HTTP. `PUT /api/rest/v2/admin/products/{id}/configurable-attributes` adds an attribute
 * (a value on every variant), removes one (only while the variants stay told apart), reorders them;
 * shoppers see the change in the public record, a cart holding a variant keeps working and checks
 * out, bad input is refused by its field with nothing written, a stale If-Match is 412. The product
 * page's Attributes section does the same with forms, and the variants grid saves each variant's days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { etagOf } from '../../../../test/helpers/admin-forms.ts';
import { adminBearer, adminBrowser } from '../../../../test/helpers/admin-session.ts';
import { payCart, placeOrderBody } from '../../../../test/helpers/checkout.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface Variant {
  id: number;
  sku: string;
  specialPriceFrom: string | null;
  specialPriceTo: string | null;
  attributes: Record<string, string>;
}
interface AdminProduct {
  id: number;
  configurableAttributes: string[];
  variants: Variant[];
}
type Answer = AdminProduct & { error?: string; message?: string; details?: Array<{ field: string; message: string }> };
interface PublicProduct {
  configurableOptions: Array<{ attributeCode: string; values: Array<{ valueIndex: number; label: string }> }>;
  variants: Array<{ sku: string; attributes: Record<string, number> }>;
}
interface Cart {
  items: Array<{ id: number; sku: string; qty: number; options: Record<string, string> }>;
}

const tee = (sku: string, urlKey: string) => ({
  type: 'configurable',
  sku,
  name: 'Field tee',
  urlKey,
  configurableAttributes: ['color'],
  variants: ['Red', 'Navy', 'Sage'].map((color, index) => ({ sku: `${sku}-${color.toUpperCase()}`, price: 20 + index, stockQty: 5, attributes: { color } })),
});

/** Each variant's value of each option, by label, as the public record tells it. */
function shopperValues(record: PublicProduct) {
  const label = (code: string, index: number) => record.configurableOptions.find((option) => option.attributeCode === code)!.values.find((value) => value.valueIndex === index)!.label;
  return Object.fromEntries(record.variants.map((variant) => [variant.sku, Object.fromEntries(Object.entries(variant.attributes).map(([code, index]) => [code, label(code, index)]))]));
}

describe.each(dialects)('changing a configurable\'s attributes through the API (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  let product: AdminProduct;
  let cart: Record<string, string>;
  const saved: number[] = [];
  const path = () => `/api/rest/v2/admin/products/${product.id}`;
  const change = (json: unknown, headers: Record<string, string> = {}) => shop.send<Answer>('PUT', `${path()}/configurable-attributes`, { json, headers: { ...admin, ...headers } });
  const current = async () => shop.send<Answer>('GET', path(), { headers: admin });
  const shopper = async () => (await shop.get(`/api/rest/v2/products/${product.id}`)).body as PublicProduct;
  const cartOf = async () => (await shop.send<Cart>('GET', '/api/rest/v2/cart', { headers: cart })).body;
  const idOf = (sku: string) => product.variants.find((variant) => variant.sku === sku)!.id;

  beforeAll(async () => {
    const probe = defineModule({
      id: 'attributes-probe',
      title: 'Probe',
      subscribers: [{ event: 'catalog_product_saved', handle: (batch) => void saved.push(...batch.map((event) => Number(event.payload.productId))) }],
    });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
    const created = await shop.send<Answer>('POST', '/api/rest/v2/admin/products', { json: tee('FT', 'field-tee'), headers: admin });
    expect(created.status).toBe(201);
    product = created.body;
    cart = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    const added = await shop.send<Cart>('POST', '/api/rest/v2/cart/items', { json: { sku: 'FT', qty: 1, options: { color: 'Navy' } }, headers: cart });
    expect(added.body.items.map((line) => line.sku)).toEqual(['FT-NAVY']);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it.each<[string, (id: (sku: string) => number) => unknown, string]>([
    ['an added attribute without values', () => ({ attributes: ['color', 'size'] }), 'values.size'],
    ['a variant without a value', (id) => ({ attributes: ['color', 'size'], values: { size: { byVariant: { [id('FT-RED')]: 'L' } } } }), 'values.size.byVariant.{FT-NAVY}'],
    ['an unknown variant', () => ({ attributes: ['color', 'size'], values: { size: { default: 'M', byVariant: { 99999999: 'L' } } } }), 'values.size.byVariant.99999999'],
    ['a value too long', () => ({ attributes: ['color', 'size'], values: { size: { default: 'X'.repeat(65) } } }), 'values.size.default'],
    ['an unknown attribute', () => ({ attributes: ['color', 'material'] }), 'attributes.1'],
    ['an attribute twice', () => ({ attributes: ['color', 'color'] }), 'attributes.1'],
    ['no attribute', () => ({ attributes: [] }), 'attributes'],
    ['values for an attribute it has', () => ({ attributes: ['color', 'size'], values: { color: { default: 'Red' }, size: { default: 'M' } } }), 'values.color'],
    ['values for an attribute not sent', () => ({ attributes: ['color'], values: { size: { default: 'M' } } }), 'values.size'],
    ['added values that make variants alike', () => ({ attributes: ['size'], values: { size: { default: 'M' } } }), 'values.size'],
  ])('refuses %s (400 on the field, nothing written)', async (_name, body, field) => {
    const before = await current();
    const refused = await change(body(idOf));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_request');
    expect(refused.body.details!.map((detail) => detail.field)).toContain(field.replace('{FT-NAVY}', String(idOf('FT-NAVY'))));
    expect((await current()).headers.get('ETag')).toBe(before.headers.get('ETag'));
    expect((await shopper()).configurableOptions.map((option) => option.attributeCode)).toEqual(['color']);
  });

  it('names the variants that added values would make alike, and refuses an unknown field', async () => {
    const alike = await change({ attributes: ['size'], values: { size: { default: 'M' } } });
    expect(alike.body.message).toContain('FT-RED, FT-NAVY and FT-SAGE would all be M');
    expect((await change({ attributes: ['color'], extra: true })).status).toBe(400);
  });

  it('adds an attribute with a value on every variant: shoppers see the new option and each variant\'s value; the cart line follows', async () => {
    saved.length = 0;
    const added = await change({ attributes: ['color', 'size'], values: { size: { default: 'M', byVariant: { [idOf('FT-RED')]: 'l' } } } });
    expect(added.status, added.body.message).toBe(200);
    expect(added.headers.get('ETag')).toBeTruthy();
    expect(added.body.configurableAttributes).toEqual(['color', 'size']);
    expect(added.body.variants.map((variant) => [variant.sku, variant.attributes])).toEqual([
      ['FT-RED', { color: 'Red', size: 'L' }],
      ['FT-NAVY', { color: 'Navy', size: 'M' }],
      ['FT-SAGE', { color: 'Sage', size: 'M' }],
    ]);
    await expect.poll(() => saved.includes(product.id), { timeout: 5000 }).toBe(true);
    const record = await shopper();
    expect(record.configurableOptions.map((option) => option.attributeCode)).toEqual(['color', 'size']);
    // "l" takes the spelling every product gives L.
    expect(record.configurableOptions[1]!.values.map((value) => value.label)).toEqual(['L', 'M']);
    expect(shopperValues(record)).toEqual({ 'FT-RED': { color: 'Red', size: 'L' }, 'FT-NAVY': { color: 'Navy', size: 'M' }, 'FT-SAGE': { color: 'Sage', size: 'M' } });

    // The line shows the variant's values, and choosing the same variant again adds to it.
    expect((await cartOf()).items.map((line) => [line.sku, line.options])).toEqual([['FT-NAVY', { color: 'Navy', size: 'M' }]]);
    const again = await shop.send<Cart>('POST', '/api/rest/v2/cart/items', { json: { sku: 'FT', qty: 1, options: { color: 'navy', size: 'm' } }, headers: cart });
    expect(again.body.items.map((line) => [line.sku, line.qty])).toEqual([['FT-NAVY', 2]]);
    const missing = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: 'FT', qty: 1, options: { color: 'Navy' } }, headers: cart });
    expect([missing.status, missing.body.error]).toEqual([400, 'options_required']);
  });

  it('refuses removing an attribute when two variants would be alike, naming them, with nothing changed', async () => {
    const before = await current();
    const refused = await change({ attributes: ['size'] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('variants_alike');
    expect(refused.body.message).toContain('FT-NAVY and FT-SAGE');
    expect(refused.body.details![0]!.field).toBe('attributes');
    const after = await current();
    expect(after.headers.get('ETag')).toBe(before.headers.get('ETag'));
    expect(after.body.configurableAttributes).toEqual(['color', 'size']);
    expect(shopperValues(await shopper())['FT-NAVY']).toEqual({ color: 'Navy', size: 'M' });
  });

  it('reorders the attributes (the order shoppers choose in), honouring If-Match', async () => {
    const etag = (await current()).headers.get('ETag')!;
    const stale = await change({ attributes: ['size', 'color'] }, { 'If-Match': '"product-0-stale"' });
    expect([stale.status, stale.body.error]).toEqual([412, 'stale_version']);
    expect((await current()).body.configurableAttributes).toEqual(['color', 'size']);
    const reordered = await change({ attributes: ['size', 'color'] }, { 'If-Match': etag });
    expect(reordered.status).toBe(200);
    expect((await shopper()).configurableOptions.map((option) => option.attributeCode)).toEqual(['size', 'color']);
    // The ETag it was sent with is now stale.
    expect((await change({ attributes: ['color', 'size'] }, { 'If-Match': etag })).status).toBe(412);
  });

  it('removes an attribute while the variants stay apart; the cart line still checks out', async () => {
    const removed = await change({ attributes: ['color'] });
    expect(removed.status).toBe(200);
    expect(removed.body.configurableAttributes).toEqual(['color']);
    expect(removed.body.variants.map((variant) => variant.attributes)).toEqual([{ color: 'Red' }, { color: 'Navy' }, { color: 'Sage' }]);
    const record = await shopper();
    expect(record.configurableOptions.map((option) => option.attributeCode)).toEqual(['color']);
    expect(shopperValues(record)['FT-NAVY']).toEqual({ color: 'Navy' });

    const lines = (await cartOf()).items;
    expect(lines.map((line) => [line.sku, line.qty, line.options])).toEqual([['FT-NAVY', 2, { color: 'Navy' }]]);
    const intent = await payCart(shop, cart);
    const placed = await shop.send<{ lines: Array<{ sku: string; options: Record<string, string> }> }>('POST', '/api/rest/v2/checkout/place-order', {
      json: placeOrderBody(intent),
      headers: { ...cart, 'idempotency-key': `attributes-${dialect}` },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.lines.map((line) => [line.sku, line.options])).toEqual([['FT-NAVY', { color: 'Navy' }]]);
  });

  it('answers 404 for no product and 409 unsupported_type for one without variants; documents the route', async () => {
    expect((await shop.send('PUT', '/api/rest/v2/admin/products/99999999/configurable-attributes', { json: { attributes: ['color'] }, headers: admin })).status).toBe(404);
    const simple = await shop.send<Answer>('POST', '/api/rest/v2/admin/products', { json: { sku: 'FT-PLAIN', name: 'Plain', urlKey: 'ft-plain', price: 5 }, headers: admin });
    const refused = await shop.send('PUT', `/api/rest/v2/admin/products/${simple.body.id}/configurable-attributes`, { json: { attributes: ['color'] }, headers: admin });
    expect([refused.status, refused.body.error]).toEqual([409, 'unsupported_type']);
    expect((await shop.send('PUT', `${path()}/configurable-attributes`, { json: { attributes: ['color'] } })).status).toBe(401);
    const doc = (await shop.get('/api/rest/v2/docs.json')).body as { paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> };
    const operation = doc.paths['/api/rest/v2/admin/products/{id}/configurable-attributes']?.put;
    expect(operation?.requestBody).toBeDefined();
    expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['200', '400', '409', '412']));
  });

  it('changes a variant\'s special price days through the API; an end before the start is 400 on its field', async () => {
    const variant = idOf('FT-SAGE');
    const set = await shop.send<Answer>('PATCH', `${path()}/variants/${variant}`, { json: { specialPrice: 15, specialPriceFrom: '2030-03-01', specialPriceTo: '2030-03-31' }, headers: admin });
    expect(set.status).toBe(200);
    expect(set.body.variants.find((each) => each.id === variant)).toMatchObject({ specialPriceFrom: '2030-03-01', specialPriceTo: '2030-03-31' });
    const backwards = await shop.send<Answer>('PATCH', `${path()}/variants/${variant}`, { json: { specialPriceTo: '2030-02-01' }, headers: admin });
    expect([backwards.status, backwards.body.details![0]!.field]).toEqual([400, 'specialPriceTo']);
    const lateStart = await shop.send<Answer>('PATCH', `${path()}/variants/${variant}`, { json: { specialPriceFrom: '2030-04-01' }, headers: admin });
    expect([lateStart.status, lateStart.body.details![0]!.field]).toEqual([400, 'specialPriceFrom']);
    const notADay = await shop.send<Answer>('PATCH', `${path()}/variants/${variant}`, { json: { specialPriceFrom: '2030-13-01' }, headers: admin });
    expect([notADay.status, notADay.body.details![0]!.field]).toEqual([400, 'specialPriceFrom']);
    expect((await current()).body.variants.find((each) => each.id === variant)).toMatchObject({ specialPriceFrom: '2030-03-01', specialPriceTo: '2030-03-31' });
  });
});

describe.each(dialects)('a configurable\'s Attributes section and variants grid days on its page (%s)', (dialect) => {
  let shop: TestShop;
  let browser: ReturnType<typeof adminBrowser>;
  let product: AdminProduct;
  const page = () => `/admin/products/${product.id}`;
  const record = async () => (await shop.send<Answer>('GET', `/api/rest/v2/admin/products/${product.id}`, { headers: await adminBearer(shop) })).body;
  /** The Attributes section's list, as its item headings read. */
  const listed = (html: string) => [...(/<ol class="attributes">([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '').matchAll(/<strong>([^<]+)<\/strong>/g)].map((match) => match[1]);
  const idOf = (sku: string) => product.variants.find((variant) => variant.sku === sku)!.id;

  beforeAll(async () => {
    // Stands for the storefront connector: the product page follows each save to the storefront with it.
    const sync = defineModule({ id: 'sync-probe', title: 'Sync probe', admin: { saveStatus: { path: '/sync-probe/status', log: '/sync-probe' } } });
    shop = await openTestShop(dialect, { modules: [sync] });
    const created = await shop.send<Answer>('POST', '/api/rest/v2/admin/products', { json: tee('PT', 'page-tee'), headers: await adminBearer(shop) });
    product = created.body;
    browser = adminBrowser(shop);
    await browser.signIn();
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('adds an attribute: a missing value refused inline with the typing kept, CSRF required; then added with the sync status', async () => {
    const shown = await browser.request('GET', page());
    expect(shown.html).toContain('<h2 id="attributes">Attributes</h2>');
    expect(listed(shown.html)).toEqual(['Color']);
    const forged = await browser.request('POST', `${page()}/attributes`, { action: 'add', code: 'size', default: 'M' });
    expect(forged.status).toBe(403);

    const refused = await browser.submit(page(), `${page()}/attributes`, { _etag: etagOf(shown.html, `${page()}/attributes`), action: 'add', code: 'size', [`variant.${idOf('PT-RED')}`]: 'XL' });
    expect(refused.status).toBe(400);
    const navy = `variant.${idOf('PT-NAVY')}`;
    expect(refused.html).toMatch(new RegExp(`name="${navy}" value="" maxlength="64" aria-invalid="true" aria-describedby="attributes-${navy}-error"`));
    expect(refused.html).toContain(`id="attributes-${navy}-error" role="alert">A value of size for PT-NAVY.`);
    expect(refused.html).toContain('value="XL"');
    expect((await record()).configurableAttributes).toEqual(['color']);

    const added = await browser.submit(page(), `${page()}/attributes`, { _etag: etagOf(refused.html, `${page()}/attributes`), action: 'add', code: 'size', default: 'S', [`variant.${idOf('PT-RED')}`]: 'XL' });
    expect(added.status).toBe(303);
    expect(added.location).toBe(`${page()}?flash=saved#attributes`);
    expect((await record()).variants.map((variant) => variant.attributes.size)).toEqual(['XL', 'S', 'S']);
    const after = await browser.request('GET', added.location!);
    expect(listed(after.html)).toEqual(['Color', 'Size']);
    expect(after.html).toContain('data-save-status="/admin/sync-probe/status');
    // Every attribute the catalog has is in use: nothing left to add.
    expect(after.html).not.toContain('id="add-attribute"');
    expect(after.html).toContain('It varies by every attribute the catalog has.');
  });

  it('moves an attribute; a removal that makes variants alike is refused next to it; a stale page is refused; a removal that keeps them apart is saved', async () => {
    const moved = await browser.submit(page(), `${page()}/attributes`, { _etag: etagOf((await browser.request('GET', page())).html, `${page()}/attributes`), action: 'up', code: 'size' });
    expect(moved.status).toBe(303);
    const shown = await browser.request('GET', page());
    expect(listed(shown.html)).toEqual(['Size', 'Color']);
    expect((await record()).configurableAttributes).toEqual(['size', 'color']);

    // A removal asks first; only the confirmed form is tried.
    const asked = await browser.submit(page(), `${page()}/attributes`, { _etag: etagOf(shown.html, `${page()}/attributes`), action: 'remove', code: 'color' });
    expect([asked.status, asked.html.includes('name="confirmed" value="yes"')]).toEqual([200, true]);
    const alike = await browser.submit(page(), `${page()}/attributes`, { _etag: etagOf(shown.html, `${page()}/attributes`), action: 'remove', code: 'color', confirmed: 'yes' });
    expect(alike.status).toBe(400);
    expect(alike.html).toContain('id="attributes-attribute.color-error" role="alert">Every variant must differ by its values: PT-NAVY and PT-SAGE would both be S.');
    expect((await record()).configurableAttributes).toEqual(['size', 'color']);

    const stale = await browser.submit(page(), `${page()}/attributes`, { _etag: '"product-1-old"', action: 'remove', code: 'size', confirmed: 'yes' });
    expect(stale.status).toBe(400);
    expect(stale.html).toContain('changed since you loaded it');
    expect((await record()).configurableAttributes).toEqual(['size', 'color']);

    const removed = await browser.submit(page(), `${page()}/attributes`, { _etag: etagOf(shown.html, `${page()}/attributes`), action: 'remove', code: 'size', confirmed: 'yes' });
    expect(removed.status).toBe(303);
    expect((await record()).configurableAttributes).toEqual(['color']);
    const public_ = (await shop.get(`/api/rest/v2/products/${product.id}`)).body as PublicProduct;
    expect(public_.configurableOptions.map((option) => option.attributeCode)).toEqual(['color']);
    // One attribute left: it cannot be removed or moved.
    const last = await browser.request('GET', page());
    expect(last.html).not.toContain('aria-label="Remove attribute Color"');
  });

  it('saves each variant\'s special price days from the grid; an end before the start is shown next to its field with the typing kept', async () => {
    const form = await browser.request('GET', page());
    const fields: Record<string, string> = { _csrf: browser.csrfOf(form.html), name: 'Field tee', enabled: '1' };
    for (const [, name, value] of form.html.matchAll(/<input[^>]*?name="(variant_[^"]+)"[^>]*?value="([^"]*)"/g)) fields[name!] = value!;
    const sage = idOf('PT-SAGE');
    expect(fields).toHaveProperty(`variant_${sage}_special_from`, '');

    const backwards = await browser.request('POST', page(), { ...fields, [`variant_${sage}_special_from`]: '2031-05-10', [`variant_${sage}_special_to`]: '2031-05-01', [`variant_${sage}_qty`]: '9' });
    expect(backwards.status).toBe(400);
    const to = `variant_${sage}_special_to`;
    expect(backwards.html).toContain(`name="${to}" type="date" value="2031-05-01" aria-invalid="true" aria-describedby="${to}-error"`);
    expect(backwards.html).toContain(`id="${to}-error" role="alert">Special price days: the last day cannot come before the first.`);
    expect(backwards.html).toContain(`name="variant_${sage}_special_from" type="date" value="2031-05-10"`);
    expect(backwards.html).toMatch(new RegExp(`name="variant_${sage}_qty" type="number" min="0" step="1" value="9"`));
    const unchanged = (await record()).variants.find((variant) => variant.id === sage)!;
    expect([unchanged.specialPriceFrom, unchanged.specialPriceTo]).toEqual([null, null]);

    const saved = await browser.request('POST', page(), { ...fields, [`variant_${sage}_special_from`]: '2031-05-01', [`variant_${sage}_special_to`]: '2031-05-10' });
    expect(saved.status).toBe(303);
    const variant = (await record()).variants.find((each) => each.id === sage)!;
    expect([variant.specialPriceFrom, variant.specialPriceTo]).toEqual(['2031-05-01', '2031-05-10']);
    expect((await browser.request('GET', page())).html).toContain(`name="variant_${sage}_special_to" type="date" value="2031-05-10"`);
  });
});

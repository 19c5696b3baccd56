/**
 * Bundle products from the admin (issue 17): created through the API with their options and
 * selections, read back as shoppers see them (options, derived price); every bad field refused by
 * its path with nothing written; options replaced keeping the ids sent (a cart holding them keeps
 * its line; one holding a dropped selection is refused at checkout, never a 500); deleted with their
 * options, the products they sold staying. Then the same from the pages: New product and the bundle
 * section of its page.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailSchema } from '../../../../../contracts/product.ts';
import { adminAuditLog, bundleOptions, bundleSelections, products } from '../../../platform/db/schema/index.ts';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { submittedFields } from '../../../../test/helpers/admin-forms.ts';
import { adminBearer, adminBrowser, signedInAdmin } from '../../../../test/helpers/admin-session.ts';
import { exactly } from '../../../../test/helpers/contract.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface AdminSelection {
  id: number;
  productId: number;
  sku: string;
  defaultQty: number;
  isDefault: boolean;
}
interface AdminOption {
  id: number;
  title: string;
  type: string;
  required: boolean;
  selections: AdminSelection[];
}
interface AdminProduct {
  id: number;
  sku: string;
  type: string;
  price: number | null;
  stockQty: number;
  stockStatus: string;
  bundleOptions?: AdminOption[];
}
type Answer = AdminProduct & { error?: string; message?: string; details?: Array<{ field: string; message: string }>; member?: AdminProduct[] };
interface CartLine {
  id: number;
  sku: string;
  qty: number;
  price: number;
  complete: boolean;
  options: Record<string, string>;
}

describe.each(dialects)('admin bundles API (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const events: string[] = [];
  const api = (method: string, path = '', json?: unknown, headers: Record<string, string> = {}) =>
    shop.send<Answer>(method, `/api/rest/v2/admin/products${path}`, { json, headers: { ...admin, ...headers } });
  const rows = async () => {
    const db = shop.database.db;
    const [[p], [o], [s]] = await Promise.all([
      db.select({ n: count() }).from(products),
      db.select({ n: count() }).from(bundleOptions),
      db.select({ n: count() }).from(bundleSelections),
    ]);
    return [p!.n, o!.n, s!.n];
  };
  /** The parts: A at 10 (5 in stock), B at 7 (3), C at 4 (2), and a virtual add-on at 2. */
  const part: Record<'A' | 'B' | 'C' | 'V', number> = { A: 0, B: 0, C: 0, V: 0 };
  let configurableId: number;

  const kit = (overrides: Record<string, unknown> = {}) => ({
    type: 'bundle',
    sku: 'KIT-BUNDLE',
    name: 'Weekend kit',
    urlKey: 'weekend-kit',
    bundleOptions: [
      {
        title: 'Tent',
        type: 'radio',
        required: true,
        selections: [
          { productId: part.A, isDefault: true },
          { productId: part.B, defaultQty: 2 },
        ],
      },
      { title: 'Extras', type: 'checkbox', required: false, selections: [{ productId: part.V }] },
    ],
    ...overrides,
  });

  beforeAll(async () => {
    const probe = defineModule({
      id: 'bundles-probe',
      title: 'Probe',
      subscribers: [
        { event: 'catalog_product_saved', handle: (batch) => void events.push(...batch.map((event) => `saved:${event.payload.productId}`)) },
        { event: 'catalog_product_deleted', handle: (batch) => void events.push(...batch.map((event) => `deleted:${event.payload.sku}`)) },
      ],
    });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
    for (const [key, price, stockQty, type] of [['A', 10, 5, 'simple'], ['B', 7, 3, 'simple'], ['C', 4, 2, 'simple'], ['V', 2, 100, 'virtual']] as const) {
      part[key] = (await api('POST', '', { type, sku: `PART-${key}`, name: `Part ${key}`, urlKey: `part-${key.toLowerCase()}`, price, stockQty })).body.id;
    }
    configurableId = (await api('GET', '?itemsPerPage=100')).body.member!.find((product) => product.type === 'configurable')!.id;
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('creates a bundle; shoppers see its options and the price of its cheapest complete choice', async () => {
    const created = await api('POST', '', kit());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      type: 'bundle',
      // The required option's in-stock products: 5 + 3.
      stockQty: 8,
      stockStatus: 'in_stock',
      bundleOptions: [
        { title: 'Tent', type: 'radio', required: true, selections: [{ sku: 'PART-A', defaultQty: 1, isDefault: true }, { sku: 'PART-B', defaultQty: 2, isDefault: false }] },
        { title: 'Extras', type: 'checkbox', required: false, selections: [{ sku: 'PART-V', defaultQty: 1 }] },
      ],
    });
    const options = created.body.bundleOptions!;
    expect(options.flatMap((option) => [option.id, ...option.selections.map((selection) => selection.id)]).every((id) => id > 0)).toBe(true);
    // Read back the same, by id.
    expect((await api('GET', `/${created.body.id}`)).body.bundleOptions).toEqual(options);
    await expect.poll(() => events.includes(`saved:${created.body.id}`), { timeout: 5000 }).toBe(true);
    const [audit] = await shop.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.subject, `product:${created.body.id}`));
    expect(audit?.action).toBe('product.created');

    // Listed by its URL key, its record by id.
    const listed = (await shop.get('/api/rest/v2/products?urlKey=weekend-kit')).body as { member: Array<{ id: number; minimalPrice: number }> };
    expect(listed.member.map((item) => [item.id, item.minimalPrice])).toEqual([[created.body.id, 10]]);
    const record = exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${created.body.id}`)).body);
    // The cheapest tent (A at 10 beats 2 × B at 7); the extras are optional.
    expect(record).toMatchObject({ type: 'bundle', price: 10, finalPrice: 10, minimalPrice: 10, stockStatus: 'in_stock' });
    expect(record.bundleOptions!.map((option) => [option.title, option.type, option.required, option.selections.map((selection) => [selection.sku, selection.price, selection.defaultQty, selection.isDefault])])).toEqual([
      ['Tent', 'radio', true, [['PART-A', 10, 1, true], ['PART-B', 7, 2, false]]],
      ['Extras', 'checkbox', false, [['PART-V', 2, 1, false]]],
    ]);
  });

  it.each([
    ['no options', { bundleOptions: undefined }, 'bundleOptions'],
    ['an empty list', { bundleOptions: [] }, 'bundleOptions'],
    ['a price of its own', { price: 10 }, 'price'],
    ['members', { linkedProducts: [{ id: 1 }] }, 'linkedProducts'],
    ['an option offering nothing', 'empty', 'bundleOptions.0.selections'],
    ['a blank title', 'blank', 'bundleOptions.0.title'],
    ['an unknown input type', 'dropdown', 'bundleOptions.0.type'],
    ['two defaults in a radio option', 'defaults', 'bundleOptions.0.selections.1.isDefault'],
    ['a product twice in an option', 'twice', 'bundleOptions.0.selections.1.productId'],
    ['a zero quantity', 'zero', 'bundleOptions.1.selections.0.defaultQty'],
    ['an unknown product', 'unknown', 'bundleOptions.0.selections.1.productId'],
    ['a configurable product', 'configurable', 'bundleOptions.1.selections.0.productId'],
    ['an option id it does not have', 'option id', 'bundleOptions.0.id'],
  ])('refuses a bundle with %s (400 on the field, nothing written)', async (_name, change, fieldPath) => {
    const [tent, extras] = kit().bundleOptions;
    const options =
      {
        empty: [{ ...tent, selections: [] }],
        blank: [{ ...tent, title: '  ' }],
        dropdown: [{ ...tent, type: 'dropdown' }],
        defaults: [{ ...tent, selections: [{ productId: part.A, isDefault: true }, { productId: part.B, isDefault: true }] }],
        twice: [{ ...tent, selections: [{ productId: part.A }, { productId: part.A }] }],
        zero: [tent, { ...extras, selections: [{ productId: part.V, defaultQty: 0 }] }],
        unknown: [{ ...tent, selections: [{ productId: part.A }, { productId: 99_999_999 }] }],
        configurable: [tent, { ...extras, selections: [{ productId: configurableId }] }],
        'option id': [{ ...tent, id: 1 }],
      }[change as string] ?? undefined;
    const before = await rows();
    const refused = await api('POST', '', kit({ sku: 'KIT-BAD', urlKey: 'kit-bad', ...(options ? { bundleOptions: options } : (change as object)) }));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.details!.map((detail) => detail.field)).toContain(fieldPath);
    expect(await rows()).toEqual(before);
  });

  it('replaces the options keeping the ids sent: a cart holding a kept selection keeps its line; one holding a dropped one is refused at checkout', async () => {
    const [bundle] = (await api('GET', '?sku=KIT-BUNDLE')).body.member!;
    const [tent, extras] = bundle!.bundleOptions!;
    const [a, b] = tent!.selections;
    const cart = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    const lines = async () => (await shop.send<{ items: CartLine[] }>('GET', '/api/rest/v2/cart', { headers: cart })).body.items;
    const added = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: 'KIT-BUNDLE', qty: 1, bundleOptions: { [tent!.id]: [a!.id], [extras!.id]: [extras!.selections[0]!.id] } }, headers: cart });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [line] = await lines();
    expect([line!.price, line!.complete]).toEqual([12, true]);

    // Refused changes write nothing.
    const before = await rows();
    const etag = (await api('GET', `/${bundle!.id}`)).headers.get('etag')!;
    for (const [options, fieldPath] of [
      [[{ ...tent, selections: [{ id: extras!.selections[0]!.id, productId: part.V }] }], 'bundleOptions.0.selections.0.id'],
      [[{ ...tent, selections: [{ id: a!.id, productId: part.C }] }], 'bundleOptions.0.selections.0.productId'],
      [[{ title: 'Itself', type: 'select', selections: [{ productId: bundle!.id }] }], 'bundleOptions.0.selections.0.productId'],
    ] as const) {
      const refused = await api('PATCH', `/${bundle!.id}`, { bundleOptions: options.map(({ selections, ...option }) => ({ ...option, selections: selections.map((s) => ({ id: 'id' in s ? s.id : undefined, productId: s.productId })) })) });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.details!.map((detail) => detail.field)).toContain(fieldPath);
    }
    expect((await api('PATCH', `/${part.A}`, { bundleOptions: [] })).body.details![0]!.field).toBe('bundleOptions');
    expect((await api('PATCH', `/${bundle!.id}`, { price: 3 })).body.error).toBe('unsupported_type');
    expect(await rows()).toEqual(before);

    // Kept: the tent option and A (now 2 of them), B dropped, C added; the extras kept as they are.
    const keep = (selection: AdminSelection, change: object = {}) => ({ id: selection.id, productId: selection.productId, defaultQty: selection.defaultQty, isDefault: selection.isDefault, ...change });
    const changed = await api(
      'PATCH',
      `/${bundle!.id}`,
      {
        bundleOptions: [
          { id: tent!.id, title: 'Shelter', type: 'select', required: true, selections: [{ productId: part.C, defaultQty: 1 }, keep(a!, { defaultQty: 2 })] },
          { id: extras!.id, title: extras!.title, type: 'checkbox', required: false, selections: extras!.selections.map((selection) => keep(selection)) },
        ],
      },
      { 'If-Match': etag },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [shelter, extrasAfter] = changed.body.bundleOptions!;
    expect([shelter!.id, shelter!.title, shelter!.type]).toEqual([tent!.id, 'Shelter', 'select']);
    expect(shelter!.selections.map((selection) => [selection.sku, selection.defaultQty])).toEqual([['PART-C', 1], ['PART-A', 2]]);
    expect(shelter!.selections[1]!.id).toBe(a!.id);
    expect(extrasAfter).toEqual(extras);
    expect((await shop.database.db.select().from(bundleSelections).where(eq(bundleSelections.id, b!.id))).length).toBe(0);
    // Now the cheapest complete choice is C at 4; stock: C's 2 and A's 5.
    expect(exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${bundle!.id}`)).body)).toMatchObject({ price: 4, finalPrice: 4, stockStatus: 'in_stock' });
    expect(changed.body.stockQty).toBe(7);
    // The cart line keeps its choice (the quantity it was added with) at today's price, under the option's new title.
    const [kept] = await lines();
    expect(kept).toMatchObject({ id: line!.id, price: 12, complete: true, options: { Shelter: 'Part A', Extras: 'Part V' } });
    // A stale version is refused.
    expect((await api('PATCH', `/${bundle!.id}`, { name: 'Late' }, { 'If-Match': etag })).status).toBe(412);

    // The extras option goes: the cart's line is incomplete; changing it is fine, checkout refuses it.
    const dropped = await api('PATCH', `/${bundle!.id}`, { bundleOptions: [{ id: shelter!.id, title: 'Shelter', type: 'select', selections: shelter!.selections.map((selection) => keep(selection)) }] });
    expect(dropped.status).toBe(200);
    expect(dropped.body.bundleOptions!.map((option) => option.id)).toEqual([tent!.id]);
    expect((await lines())[0]).toMatchObject({ id: line!.id, complete: false });
    const more = await shop.send<{ items: CartLine[] }>('PATCH', `/api/rest/v2/cart/items/${line!.id}`, { json: { qty: 2 }, headers: cart });
    expect([more.status, more.body.items[0]?.qty, more.body.items[0]?.complete]).toEqual([200, 2, false]);
    const intent = await shop.send('POST', '/api/rest/v2/payment-intents', { json: { shippingMethod: 'flatrate', country: 'US' }, headers: cart });
    expect([intent.status, intent.body.error]).toEqual([409, 'cart_line_incomplete']);
  });

  it('deletes a bundle with its options; the products it sold stay', async () => {
    const [bundle] = (await api('GET', '?sku=KIT-BUNDLE')).body.member!;
    const optionIds = bundle!.bundleOptions!.map((option) => option.id);
    const deleted = await api('DELETE', `/${bundle!.id}`);
    expect(deleted.status).toBe(204);
    await expect.poll(() => events.includes('deleted:KIT-BUNDLE'), { timeout: 5000 }).toBe(true);
    expect((await shop.database.db.select().from(bundleOptions).where(inArray(bundleOptions.id, optionIds))).length).toBe(0);
    expect((await shop.database.db.select().from(products).where(inArray(products.id, Object.values(part)))).length).toBe(4);
    expect((await shop.get(`/api/rest/v2/products/${bundle!.id}`)).status).toBe(404);
  });
});

describe.each(dialects)('admin bundle pages (%s)', (dialect) => {
  let shop: TestShop;
  let admin: ReturnType<typeof adminBrowser>;
  const errorOf = (html: string) => /class="error"[^>]*>([^<]*)</.exec(html)?.[1];

  beforeAll(async () => {
    // Stands for the storefront connector: pages whose saves reach the storefront follow them with it.
    const sync = defineModule({ id: 'sync-probe', title: 'Sync probe', admin: { saveStatus: { path: '/sync-probe/status', log: '/sync-probe' } } });
    shop = await openTestShop(dialect, { modules: [sync] });
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('creates a bundle from New product: errors inline by the option, the typing kept', async () => {
    const [a, b, c] = await shop.database.db.select().from(products).where(eq(products.type, 'simple')).orderBy(products.id).limit(3);
    const bundle = {
      type: 'bundle',
      name: 'Page kit',
      sku: 'PAGE-KIT',
      urlKey: 'page-kit',
      isEnabled: 'on',
      'bundle.0.title': 'Main',
      'bundle.0.type': 'radio',
      'bundle.0.required': '1',
      'bundle.0.selections': `${a!.sku} *\n${b!.sku} 2`,
      'bundle.2.title': 'Add-on',
      'bundle.2.type': 'checkbox',
      'bundle.2.required': '0',
      'bundle.2.selections': c!.sku,
    };
    const before = (await shop.database.db.select({ n: count() }).from(bundleOptions))[0]!.n;
    const unknown = await admin.submit('/admin/products/new', '/admin/products/new', { ...bundle, 'bundle.2.selections': `${c!.sku}\nNO-SUCH-SKU` });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toMatch(/name="bundle\.2\.selections"[^>]*aria-invalid="true"[^>]*>[^<]*NO-SUCH-SKU<\/textarea>/);
    expect(unknown.html).toContain('No product has the SKU NO-SUCH-SKU.');
    expect(unknown.html).toContain('value="Add-on"');
    const defaults = await admin.submit('/admin/products/new', '/admin/products/new', { ...bundle, 'bundle.0.selections': `${a!.sku} *\n${b!.sku} 2 *` });
    expect(defaults.status).toBe(400);
    expect(defaults.html).toContain('A radio option has at most one default.');
    expect(defaults.html).toMatch(/name="bundle\.0\.selections"[^>]*aria-invalid="true"/);
    const untitled = await admin.submit('/admin/products/new', '/admin/products/new', { ...bundle, 'bundle.2.title': '' });
    expect(untitled.html).toMatch(/name="bundle\.2\.title" value="" aria-invalid="true"/);
    const none = await admin.submit('/admin/products/new', '/admin/products/new', { ...bundle, 'bundle.0.title': '', 'bundle.0.selections': '', 'bundle.2.title': '', 'bundle.2.selections': '' });
    expect(none.status).toBe(400);
    expect(none.html).toContain('A bundle has at least one option.');
    expect((await shop.database.db.select().from(products).where(eq(products.sku, 'PAGE-KIT'))).length).toBe(0);
    expect((await shop.database.db.select({ n: count() }).from(bundleOptions))[0]!.n).toBe(before);

    const created = await admin.submit('/admin/products/new', '/admin/products/new', bundle);
    expect(created.status, errorOf(created.html)).toBe(303);
    const id = Number(/\/admin\/products\/(\d+)/.exec(created.location!)![1]);
    const record = exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${id}`)).body);
    expect(record.bundleOptions!.map((option) => [option.title, option.type, option.required, option.selections.map((selection) => [selection.sku, selection.defaultQty, selection.isDefault])])).toEqual([
      ['Main', 'radio', true, [[a!.sku, 1, true], [b!.sku, 2, false]]],
      ['Add-on', 'checkbox', false, [[c!.sku, 1, false]]],
    ]);
  });

  it('edits the options on the bundle page: ids kept, a stale form refused with the typing kept, the sync status shown', async () => {
    const [bundle] = await shop.database.db.select().from(products).where(eq(products.sku, 'PAGE-KIT'));
    const path = `/admin/products/${bundle!.id}`;
    type BundleRecord = { bundleOptions: Array<{ id: number; title: string; selections: Array<{ id: number; sku: string; defaultQty: number }> }> };
    const before = (await shop.get(`/api/rest/v2/products/${bundle!.id}`)).body as BundleRecord;
    const page = await admin.request('GET', path);
    expect(page.html).toContain('id="bundle-options"');
    // The options are a part of the product's one form, saved by its one Save.
    const fields = submittedFields(page.html, path);
    const [first, second] = before.bundleOptions;
    expect(fields['bundle.0.selections']).toBe(`${first!.selections[0]!.sku} *\n${first!.selections[1]!.sku} 2`);

    // Drop the first option's second product, rename the add-on.
    const saved = await admin.request('POST', path, { ...fields, 'bundle.0.selections': `${first!.selections[0]!.sku} 3 *`, 'bundle.1.title': 'Extras' });
    expect(saved.status, errorOf(saved.html)).toBe(303);
    expect(saved.location).toContain('flash=saved');
    const after = (await shop.get(`/api/rest/v2/products/${bundle!.id}`)).body as BundleRecord;
    expect(after.bundleOptions.map((option) => option.id)).toEqual([first!.id, second!.id]);
    expect(after.bundleOptions[0]!.selections.map((selection) => [selection.id, selection.defaultQty])).toEqual([[first!.selections[0]!.id, 3]]);
    expect(after.bundleOptions[1]!.title).toBe('Extras');
    const shown = await admin.request('GET', saved.location!);
    expect(shown.html).toContain('data-save-status="/admin/sync-probe/status');

    // The same (now stale) form again: refused, what was typed kept.
    const stale = await admin.request('POST', path, { ...fields, 'bundle.1.title': 'Late extras' });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain('value="Late extras"');
    expect(stale.html).toContain('changed by someone else since you opened it');
    // A wrong line is refused inline by its option.
    const refreshed = await admin.request('GET', path);
    const wrong = await admin.request('POST', path, { ...submittedFields(refreshed.html, path), 'bundle.1.selections': `${bundle!.sku}` });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('A bundle does not sell itself.');
    expect(wrong.html).toMatch(/name="bundle\.1\.selections"[^>]*aria-invalid="true"/);
  });
});

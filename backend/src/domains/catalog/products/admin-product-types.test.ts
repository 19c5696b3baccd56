/**
 * The admin products API for products priced by their children (issue 17): a configurable created
 * with its attributes and variants and a grouped product with its members, read back as shoppers
 * see them; every bad field refused by its path with nothing written; variants added, changed and
 * removed; members replaced; deleting a configurable takes its variants.
 */
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productLinks, products } from '../../../platform/db/schema/index.ts';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { productDetailSchema } from '../../../../../contracts/product.ts';
import { submittedFields } from '../../../../test/helpers/admin-forms.ts';
import { adminBearer, adminBrowser, signedInAdmin } from '../../../../test/helpers/admin-session.ts';
import { exactly } from '../../../../test/helpers/contract.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface Variant {
  id: number;
  sku: string;
  name: string;
  price: number | null;
  stockQty: number;
  isEnabled: boolean;
  attributes: Record<string, string>;
}
interface AdminProduct {
  id: number;
  sku: string;
  type: string;
  price: number | null;
  stockQty: number;
  stockStatus: string;
  configurableAttributes?: string[];
  variants?: Variant[];
  linkedProducts?: Array<{ id: number; sku: string; defaultQty: number }>;
}
type Answer = AdminProduct & { error?: string; message?: string; details?: Array<{ field: string; message: string }>; member?: AdminProduct[] };

interface PublicProduct {
  id: number;
  sku: string;
  type: string;
  price: number;
  finalPrice: number;
  stockStatus: string;
  configurableOptions?: Array<{ attributeCode: string; label: string; values: Array<{ valueIndex: number; label: string }> }>;
  variants?: Array<{ id: number; sku: string; attributes: Record<string, number>; price: number; finalPrice: number; stockStatus: string }>;
  groupedProducts?: Array<{ id: number; sku: string; defaultQty: number }>;
}

const tee = (overrides: Record<string, unknown> = {}) => ({
  type: 'configurable',
  sku: 'TEE-NEW',
  name: 'Harbour tee',
  urlKey: 'harbour-tee',
  configurableAttributes: ['color', 'size'],
  variants: [
    { sku: 'TEE-NEW-RED-M', price: 25, stockQty: 4, attributes: { color: 'Red', size: 'M' } },
    { sku: 'TEE-NEW-RED-L', price: 27, stockQty: 0, attributes: { color: 'Red', size: 'L' } },
    { sku: 'TEE-NEW-NAVY-M', price: 22, specialPrice: 19.5, stockQty: 2, attributes: { color: 'navy', size: 'M' } },
  ],
  ...overrides,
});

describe.each(dialects)('admin product types API (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const events: string[] = [];
  const api = (method: string, path = '', json?: unknown) => shop.send<Answer>(method, `/api/rest/v2/admin/products${path}`, { json, headers: admin });
  const shopper = async (id: number) => (await shop.get(`/api/rest/v2/products/${id}`)).body as PublicProduct;
  const productCount = async () => (await shop.database.db.select({ n: count() }).from(products))[0]!.n;
  let simpleIds: number[];

  beforeAll(async () => {
    const probe = defineModule({
      id: 'types-probe',
      title: 'Probe',
      subscribers: [
        { event: 'catalog_product_saved', handle: (batch) => void events.push(...batch.map((event) => `saved:${event.payload.productId}`)) },
        { event: 'catalog_product_deleted', handle: (batch) => void events.push(...batch.map((event) => `deleted:${event.payload.sku}`)) },
      ],
    });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
    const made = [];
    for (const [index, sku] of ['MEMBER-A', 'MEMBER-B', 'MEMBER-C'].entries()) {
      made.push((await api('POST', '', { sku, name: `Member ${sku}`, urlKey: `member-${index}`, price: 10 + index, stockQty: index })).body.id);
    }
    simpleIds = made;
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('creates a configurable with its variants; shoppers see its options, variants and the cheapest in-stock price', async () => {
    const created = await api('POST', '', tee());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'configurable',
      configurableAttributes: ['color', 'size'],
      stockQty: 6,
      stockStatus: 'in_stock',
      variants: [
        { sku: 'TEE-NEW-RED-M', name: 'Harbour tee - Red / M', price: 25, stockQty: 4, isEnabled: true, attributes: { color: 'Red', size: 'M' } },
        { sku: 'TEE-NEW-RED-L', price: 27, stockQty: 0, attributes: { color: 'Red', size: 'L' } },
        // A value another product offers keeps its number and spelling.
        { sku: 'TEE-NEW-NAVY-M', price: 22, attributes: { color: 'Navy', size: 'M' } },
      ],
    });
    await expect.poll(() => events.includes(`saved:${created.body.id}`), { timeout: 5000 }).toBe(true);
    const record = await shopper(created.body.id);
    expect(record).toMatchObject({ type: 'configurable', price: 22, finalPrice: 19.5, stockStatus: 'in_stock' });
    const [color, size] = record.configurableOptions!;
    expect(color).toMatchObject({ attributeCode: 'color', label: 'Color' });
    expect(color!.values.map((value) => value.label)).toEqual(['Red', 'Navy']);
    expect(size!.values.map((value) => value.label)).toEqual(['M', 'L']);
    // Every "Navy" is the same value, as in the seeded catalog (words.ts numbers it 102).
    const navy = color!.values.find((value) => value.label === 'Navy')!.valueIndex;
    expect(navy).toBe(102);
    expect(record.variants!.map((variant) => variant.sku)).toEqual(['TEE-NEW-RED-M', 'TEE-NEW-RED-L', 'TEE-NEW-NAVY-M']);
    expect(record.variants![2]).toMatchObject({ attributes: { color: 102, size: size!.values[0]!.valueIndex }, finalPrice: 19.5 });
    // Variants have no page of their own.
    const listed = await shop.get('/api/rest/v2/products?sku=TEE-NEW-RED-M');
    expect((listed.body as { member: unknown[] }).member).toEqual([]);
    exactly(productDetailSchema, await shopper(created.body.id));
    // A cart sells the variant the options pick, at its price.
    const headers = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    const cart = await shop.send<{ items: Array<{ sku: string; price: number }> }>('POST', '/api/rest/v2/cart/items', { json: { sku: 'TEE-NEW', qty: 1, options: { color: 'Navy', size: 'm' } }, headers });
    expect(cart.body.items.map((line) => [line.sku, line.price])).toEqual([['TEE-NEW-NAVY-M', 19.5]]);
  });

  it.each([
    ['no variants', { variants: [] }, 'variants'],
    ['an unsupported attribute', { configurableAttributes: ['material'] }, 'configurableAttributes.0'],
    ['a variant missing a value', { variants: [{ sku: 'V-1', price: 5, attributes: { color: 'Red' } }] }, 'variants.0.attributes.size'],
    ['a value of another attribute', { variants: [{ sku: 'V-1', price: 5, attributes: { color: 'Red', size: 'M', fit: 'Slim' } }] }, 'variants.0.attributes.fit'],
    ['two variants alike', { variants: [{ sku: 'V-1', price: 5, attributes: { color: 'Red', size: 'M' } }, { sku: 'V-2', price: 5, attributes: { color: 'red', size: 'M' } }] }, 'variants.1.attributes'],
    ['a SKU twice', { variants: [{ sku: 'V-1', price: 5, attributes: { color: 'Red', size: 'M' } }, { sku: 'V-1', price: 5, attributes: { color: 'Red', size: 'L' } }] }, 'variants.1.sku'],
    ['a negative price', { variants: [{ sku: 'V-1', price: -1, attributes: { color: 'Red', size: 'M' } }] }, 'variants.0.price'],
    ['a blank value', { variants: [{ sku: 'V-1', price: 5, attributes: { color: ' ', size: 'M' } }] }, 'variants.0.attributes.color'],
    ['a price of its own', { price: 10 }, 'price'],
    ['members', { linkedProducts: [{ id: 1 }] }, 'linkedProducts'],
  ])('refuses a configurable with %s (400 on the field, nothing written)', async (_name, change, fieldPath) => {
    const before = await productCount();
    const refused = await api('POST', '', tee({ sku: 'TEE-BAD', urlKey: 'tee-bad', ...change }));
    expect(refused.status).toBe(400);
    expect(refused.body.details!.map((detail) => detail.field)).toContain(fieldPath);
    expect(await productCount()).toBe(before);
  });

  it('refuses a variant SKU another product has (409 sku_taken on its path), writing nothing', async () => {
    const before = await productCount();
    const refused = await api('POST', '', tee({ sku: 'TEE-DUP', urlKey: 'tee-dup', variants: [{ sku: 'MEMBER-A', price: 5, attributes: { color: 'Red', size: 'M' } }] }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'sku_taken' });
    expect(JSON.stringify(refused.body.details)).toContain('variants.0.sku');
    expect(await productCount()).toBe(before);
  });

  it('adds, changes and removes variants; the parent\'s price and stock follow', async () => {
    const [parent] = (await api('GET', '?sku=TEE-NEW')).body.member!;
    const added = await api('POST', `/${parent!.id}/variants`, { sku: 'TEE-NEW-OLIVE-S', price: 18, stockQty: 3, attributes: { color: 'Olive', size: 'S' } });
    expect(added.status).toBe(201);
    expect(added.body.variants!.at(-1)).toMatchObject({ sku: 'TEE-NEW-OLIVE-S', attributes: { color: 'Olive', size: 'S' } });
    expect((await shopper(parent!.id)).finalPrice).toBe(18);

    const alike = await api('POST', `/${parent!.id}/variants`, { sku: 'TEE-NEW-X', price: 18, attributes: { color: 'olive', size: 'S' } });
    expect(alike.status).toBe(400);
    expect(alike.body.details![0]!.field).toBe('attributes');
    const missing = await api('POST', `/${parent!.id}/variants`, { sku: 'TEE-NEW-X', price: 18, attributes: { color: 'Olive' } });
    expect(missing.body.details![0]!.field).toBe('attributes.size');
    const taken = await api('POST', `/${parent!.id}/variants`, { sku: 'MEMBER-B', price: 18, attributes: { color: 'Olive', size: 'M' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('sku_taken');
    const nowhere = await api('POST', `/${parent!.id}/variants`, { sku: 'TEE-NEW-X', price: 18, storeOverrides: { mars: { price: 5 } }, attributes: { color: 'Olive', size: 'M' } });
    expect([nowhere.status, nowhere.body.details![0]!.field]).toEqual([400, 'storeOverrides.mars']);
    expect((await shop.database.db.select().from(products).where(eq(products.sku, 'TEE-NEW-X'))).length).toBe(0);
    const onSimple = await api('POST', `/${simpleIds[0]}/variants`, { sku: 'TEE-NEW-X', price: 18, attributes: { color: 'Olive', size: 'M' } });
    expect(onSimple.status).toBe(409);
    expect(onSimple.body.error).toBe('unsupported_type');

    const olive = added.body.variants!.at(-1)!;
    const changed = await api('PATCH', `/${parent!.id}/variants/${olive.id}`, { price: 30, stockQty: 0, isEnabled: false });
    expect(changed.status).toBe(200);
    expect(changed.body.variants!.at(-1)).toMatchObject({ price: 30, stockQty: 0, isEnabled: false });
    expect((await shopper(parent!.id)).finalPrice).toBe(19.5);
    expect((await api('PATCH', `/${parent!.id}/variants/${olive.id}`, { stockQty: -1 })).body.details![0]!.field).toBe('stockQty');
    expect((await api('PATCH', `/${parent!.id}/variants/${simpleIds[0]}`, { stockQty: 1 })).status).toBe(404);

    const removed = await api('DELETE', `/${parent!.id}/variants/${olive.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.variants!.map((variant) => variant.sku)).not.toContain('TEE-NEW-OLIVE-S');
    expect((await shop.database.db.select().from(products).where(inArray(products.id, [olive.id]))).length).toBe(0);
    // Olive and S, which no variant stands for any more, leave the options shoppers choose from.
    const options = (await shopper(parent!.id)).configurableOptions!;
    expect(options.flatMap((option) => option.values.map((value) => value.label))).toEqual(['Red', 'Navy', 'M', 'L']);
    // Its price and stock still go by its variants.
    expect((await api('PATCH', `/${parent!.id}`, { stockQty: 5 })).body.error).toBe('unsupported_type');
  });

  it('keeps a configurable\'s last variant, and deletes its variants with it', async () => {
    const made = await api('POST', '', tee({ sku: 'CAP', urlKey: 'cap', configurableAttributes: ['color'], variants: [{ sku: 'CAP-RED', price: 9, stockQty: 1, attributes: { color: 'Red' } }] }));
    expect(made.status).toBe(201);
    const only = made.body.variants![0]!;
    const last = await api('DELETE', `/${made.body.id}/variants/${only.id}`);
    expect(last.status).toBe(409);
    expect(last.body.error).toBe('last_variant');
    expect((await api('DELETE', `/${made.body.id}`)).status).toBe(204);
    expect((await shop.database.db.select().from(products).where(inArray(products.id, [made.body.id, only.id]))).length).toBe(0);
    await expect.poll(() => events.includes('deleted:CAP'), { timeout: 5000 }).toBe(true);
  });

  it('creates a grouped product of existing products; shoppers see its members; the list is replaced; it is deleted without them', async () => {
    const created = await api('POST', '', {
      type: 'grouped',
      sku: 'KIT-NEW',
      name: 'Starter kit',
      urlKey: 'starter-kit',
      linkedProducts: [{ id: simpleIds[1], defaultQty: 2 }, { id: simpleIds[0] }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'grouped', stockStatus: 'in_stock', linkedProducts: [{ sku: 'MEMBER-B', defaultQty: 2 }, { sku: 'MEMBER-A', defaultQty: 1 }] });
    const record = await shopper(created.body.id);
    expect(record.groupedProducts!.map((member) => [member.sku, member.defaultQty])).toEqual([['MEMBER-B', 2], ['MEMBER-A', 1]]);
    const changed = await api('PATCH', `/${created.body.id}`, { linkedProducts: [{ id: simpleIds[2], defaultQty: 1 }] });
    expect(changed.status).toBe(200);
    expect(changed.body.linkedProducts!.map((member) => member.sku)).toEqual(['MEMBER-C']);
    expect(exactly(productDetailSchema, await shopper(created.body.id))).toMatchObject({ price: 12, finalPrice: 12 });
    expect((await api('DELETE', `/${created.body.id}`)).status).toBe(204);
    expect((await shop.database.db.select().from(products).where(inArray(products.id, simpleIds))).length).toBe(3);
  });

  it.each([
    ['no members', { linkedProducts: [] }, 'linkedProducts'],
    ['an unknown product', { linkedProducts: [{ id: 99_999_999 }] }, 'linkedProducts.0.id'],
    ['a member twice', 'twice', 'linkedProducts.1.id'],
    ['a configurable member', 'configurable', 'linkedProducts.0.id'],
    ['a configurable\'s variant', 'variant', 'linkedProducts.0.id'],
    ['a zero quantity', 'zero', 'linkedProducts.0.defaultQty'],
    ['variants', { variants: [] }, 'variants'],
  ])('refuses a grouped product with %s (400 on the field, nothing written)', async (_name, change, fieldPath) => {
    const [configurable] = (await api('GET', '?sku=TEE-NEW')).body.member!;
    const members =
      change === 'twice'
        ? { linkedProducts: [{ id: simpleIds[0] }, { id: simpleIds[0] }] }
        : change === 'configurable'
          ? { linkedProducts: [{ id: configurable!.id }] }
          : change === 'variant'
            ? { linkedProducts: [{ id: (await api('GET', '?sku=TEE-NEW-RED-M')).body.member![0]!.id }] }
            : change === 'zero'
            ? { linkedProducts: [{ id: simpleIds[0], defaultQty: 0 }] }
            : { linkedProducts: [{ id: simpleIds[0] }], ...(change as object) };
    const before = await productCount();
    const links = (await shop.database.db.select({ n: count() }).from(productLinks))[0]!.n;
    const refused = await api('POST', '', { type: 'grouped', sku: 'KIT-BAD', name: 'Bad kit', urlKey: 'bad-kit', ...members });
    expect(refused.status).toBe(400);
    expect(refused.body.details!.map((detail) => detail.field)).toContain(fieldPath);
    expect(await productCount()).toBe(before);
    expect((await shop.database.db.select({ n: count() }).from(productLinks))[0]!.n).toBe(links);
  });
});

describe.each(dialects)('admin product type pages (%s)', (dialect) => {
  let shop: TestShop;
  let admin: ReturnType<typeof adminBrowser>;
  const errorOf = (html: string) => /class="error"[^>]*>([^<]*)</.exec(html)?.[1];

  beforeAll(async () => {
    shop = await openTestShop(dialect);
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const configurable = {
    type: 'configurable',
    name: 'Dock jacket',
    sku: 'JACKET-NEW',
    urlKey: 'dock-jacket',
    configurableAttributes: 'color',
    'variant.sku': 'JACKET-NEW-RUST',
    'variant.price': '120',
    'variant.stockQty': '3',
    'variant.color': 'Rust',
    isEnabled: 'on',
  };

  it('creates a configurable from New product: refused fields inline with the typing kept, CSRF required', async () => {
    const forged = await admin.request('POST', '/admin/products/new', configurable);
    expect(forged.status).toBe(403);
    const refused = await admin.submit('/admin/products/new', '/admin/products/new', { ...configurable, 'variant.price': '', 'variant.color': ' ' });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/name="variant\.price" value="" aria-invalid="true"/);
    expect(refused.html).toMatch(/name="variant\.color" value=" " aria-invalid="true"/);
    expect(refused.html).toContain('value="JACKET-NEW-RUST"');
    expect((await shop.database.db.select().from(products).where(inArray(products.sku, ['JACKET-NEW', 'JACKET-NEW-RUST']))).length).toBe(0);
    const created = await admin.submit('/admin/products/new', '/admin/products/new', configurable);
    expect(created.status, errorOf(created.html)).toBe(303);
    const page = await admin.request('GET', created.location!);
    expect(page.html).toContain('data-variant="JACKET-NEW-RUST"');
    expect(page.html).toContain('Add a variant');
  });

  it('adds a variant on the product page (a taken combination refused inline), changes its status in the grid and removes it', async () => {
    const [parent] = await shop.database.db.select().from(products).where(inArray(products.sku, ['JACKET-NEW']));
    const path = `/admin/products/${parent!.id}`;
    const alike = await admin.submit(path, `${path}/variants`, { sku: 'JACKET-NEW-RUST-2', price: '99', stockQty: '1', 'attributes.color': 'rust' });
    expect(alike.status).toBe(400);
    expect(alike.html).toContain('Another variant has rust.');
    expect(alike.html).toContain('value="JACKET-NEW-RUST-2"');
    const added = await admin.submit(path, `${path}/variants`, { sku: 'JACKET-NEW-SKY', price: '99', stockQty: '1', 'attributes.color': 'Sky' });
    expect(added.status, errorOf(added.html)).toBe(303);
    const record = (await shop.get(`/api/rest/v2/products/${parent!.id}`)).body as PublicProduct;
    expect(record.variants!.map((variant) => variant.sku)).toEqual(['JACKET-NEW-RUST', 'JACKET-NEW-SKY']);
    expect(record.finalPrice).toBe(99);
    const sky = record.variants![1]!;

    // The grid's status: disabling the cheaper variant gives the product the other's price.
    const form = await admin.request('GET', path);
    const fields: Record<string, string> = { _csrf: admin.csrfOf(form.html), name: 'Dock jacket', enabled: '1' };
    for (const [, name, value] of form.html.matchAll(/<input[^>]*?name="(variant_[^"]+)"[^>]*?value="([^"]*)"/g)) fields[name!] = value!;
    const saved = await admin.request('POST', path, { ...fields, [`variant_${sky.id}_enabled`]: '0' });
    expect(saved.status, errorOf(saved.html)).toBe(303);
    expect(((await shop.get(`/api/rest/v2/products/${parent!.id}`)).body as PublicProduct).finalPrice).toBe(120);

    // Removing a variant asks first; only the confirmed form removes it.
    const asked = await admin.submit(path, `${path}/variants/${sky.id}/delete`, {});
    expect([asked.status, asked.html.includes('name="confirmed" value="yes"')]).toEqual([200, true]);
    const removed = await admin.submit(path, `${path}/variants/${sky.id}/delete`, { confirmed: 'yes' });
    expect(removed.status).toBe(303);
    const [rust] = ((await shop.get(`/api/rest/v2/products/${parent!.id}`)).body as PublicProduct).variants!;
    const last = await admin.submit(path, `${path}/variants/${rust!.id}/delete`, { confirmed: 'yes' });
    expect(last.status).toBe(400);
    expect(errorOf(last.html)).toContain('at least one variant');
    const deleted = await admin.submit(path, `${path}/delete`, { confirmed: 'yes' });
    expect(deleted.status).toBe(303);
    expect((await shop.database.db.select().from(products).where(inArray(products.sku, ['JACKET-NEW', 'JACKET-NEW-RUST']))).length).toBe(0);
  });

  it('prices a configurable\'s variants in each store view\'s currency: the first on New product, another with Add a variant; a bad view price refused beside its field', async () => {
    const coat = { ...configurable, name: 'Two-currency coat', sku: 'COAT-2C', urlKey: 'two-currency-coat', 'variant.sku': 'COAT-2C-RUST' };
    const form = await admin.request('GET', '/admin/products/new');
    expect(form.html).toMatch(/Variant price in Southern Cross Outfitters \(AUD; blank: the same number as in [^)]+\) <input name="variant\.storePrice\.au"/);
    const negative = await admin.submit('/admin/products/new', '/admin/products/new', { ...coat, 'variant.storePrice.au': '-1' });
    expect(negative.status).toBe(400);
    expect(negative.html).toMatch(/name="variant\.storePrice\.au" value="-1" aria-invalid="true"/);
    expect(await shop.database.db.select().from(products).where(eq(products.sku, 'COAT-2C'))).toEqual([]);
    const created = await admin.submit('/admin/products/new', '/admin/products/new', { ...coat, 'variant.storePrice.au': '180' });
    expect(created.status, errorOf(created.html)).toBe(303);
    const id = Number(/\/admin\/products\/(\d+)/.exec(created.location!)![1]);
    const path = `/admin/products/${id}`;
    const prices = async (store: string) => ((await shop.get(`/api/rest/v2/products/${id}?store=${store}`)).body as PublicProduct).variants!.map((variant) => [variant.sku, variant.price]);
    expect([await prices('default'), await prices('au')]).toEqual([[['COAT-2C-RUST', 120]], [['COAT-2C-RUST', 180]]]);

    const page = await admin.request('GET', path);
    expect(page.html).toMatch(/Price in Southern Cross Outfitters \(AUD; blank: the same number as in [^)]+\) <input name="storePrice\.au"/);
    const sky = { sku: 'COAT-2C-SKY', price: '99', stockQty: '1', 'attributes.color': 'Sky' };
    const words = await admin.submit(path, `${path}/variants`, { ...sky, 'storePrice.au': 'many' });
    expect(words.status).toBe(400);
    expect(words.html).toMatch(/name="storePrice\.au" value="many"[^>]*aria-invalid="true"/);
    const mars = await admin.submit(path, `${path}/variants`, { ...sky, 'storePrice.mars': '5' });
    expect(mars.status).toBe(400);
    expect(mars.html).toContain('No store view mars.');
    const added = await admin.submit(path, `${path}/variants`, { ...sky, 'storePrice.au': '150' });
    expect(added.status, errorOf(added.html)).toBe(303);
    expect([await prices('default'), await prices('au')]).toEqual([
      [['COAT-2C-RUST', 120], ['COAT-2C-SKY', 99]],
      [['COAT-2C-RUST', 180], ['COAT-2C-SKY', 150]],
    ]);
    // A view left blank sells at the same number.
    const blank = await admin.submit(path, `${path}/variants`, { ...sky, sku: 'COAT-2C-SAND', 'attributes.color': 'Sand', 'storePrice.au': '' });
    expect(blank.status, errorOf(blank.html)).toBe(303);
    expect((await prices('au')).at(-1)).toEqual(['COAT-2C-SAND', 99]);
  });

  it('creates a gift card from New product, a wrong range refused inline with the typing kept', async () => {
    const card = { type: 'giftcard', name: 'Page gift card', sku: 'CARD-PAGE', urlKey: 'page-gift-card', stockQty: '50', 'giftcard.giftcardType': 'physical', 'giftcard.amounts': '25, 50', isEnabled: 'on' };
    const refused = await admin.submit('/admin/products/new', '/admin/products/new', { ...card, 'giftcard.allowOpenAmount': 'on', 'giftcard.openAmountMin': '80', 'giftcard.openAmountMax': '20' });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/name="giftcard\.openAmountMax" value="20" aria-invalid="true"/);
    expect(refused.html).toContain('value="25, 50"');
    const noAmounts = await admin.submit('/admin/products/new', '/admin/products/new', { ...card, 'giftcard.amounts': '' });
    expect(noAmounts.html).toMatch(/name="giftcard\.amounts" value="" aria-invalid="true"/);
    const created = await admin.submit('/admin/products/new', '/admin/products/new', card);
    expect(created.status, errorOf(created.html)).toBe(303);
    const id = Number(/\/admin\/products\/(\d+)/.exec(created.location!)![1]);
    expect((await shop.get(`/api/rest/v2/products/${id}`)).body).toMatchObject({ type: 'giftcard', giftcardType: 'physical', giftcardAmounts: [25, 50], stockStatus: 'in_stock' });
  });

  it('creates a grouped product from New product and edits its members on its page', async () => {
    const [a, b, c] = await shop.database.db.select().from(products).where(and(eq(products.type, 'simple'), eq(products.visibility, 'catalog'))).limit(3);
    const grouped = { type: 'grouped', name: 'Camp set', sku: 'CAMP-SET', urlKey: 'camp-set', isEnabled: 'on' };
    const unknown = await admin.submit('/admin/products/new', '/admin/products/new', { ...grouped, members: `${a!.sku}\nNO-SUCH-SKU` });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain('No product has the SKU NO-SUCH-SKU.');
    expect(unknown.html).toMatch(/name="members" id="new-members" rows="4" aria-invalid="true">/);
    const created = await admin.submit('/admin/products/new', '/admin/products/new', { ...grouped, members: `${a!.sku} 2\n${b!.sku}` });
    expect(created.status, errorOf(created.html)).toBe(303);
    const page = await admin.request('GET', created.location!);
    expect(page.html).toContain(`${a!.sku} 2\n${b!.sku}`);
    const id = Number(/\/admin\/products\/(\d+)/.exec(created.location!)![1]);
    // The members are a part of the product's one form, saved by its one Save.
    const path = `/admin/products/${id}`;
    const loaded = submittedFields(page.html, path);
    const listed = (html: string) => /id="members-list"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1];
    const members = async () => ((await shop.get(`/api/rest/v2/products/${id}`)).body as PublicProduct).groupedProducts!.map((member) => member.sku);
    const twice = await admin.request('POST', path, { ...loaded, members: `${c!.sku}\n${c!.sku}` });
    expect(twice.status).toBe(400);
    expect(twice.html).toMatch(/<strong class="error" id="members-error" role="alert">[^<]*is listed twice/);
    expect(twice.html).toMatch(/name="members" id="members-list" rows="6" aria-invalid="true" aria-describedby="members-error">/);
    expect(listed(twice.html)).toBe(`${c!.sku}\n${c!.sku}`);
    expect(await members()).toEqual([a!.sku, b!.sku]);
    const saved = await admin.request('POST', path, { ...loaded, members: c!.sku });
    expect(saved.status, errorOf(saved.html)).toBe(303);
    expect(saved.location).toBe(`${path}?flash=saved`);
    expect(await members()).toEqual([c!.sku]);
    // The form loaded before that save is stale: refused, the list kept.
    const stale = await admin.request('POST', path, { ...loaded, members: a!.sku });
    expect(stale.status).toBe(409);
    expect(errorOf(stale.html)).toContain('changed by someone else since you opened it');
    expect(listed(stale.html)).toBe(a!.sku);
    expect(await members()).toEqual([c!.sku]);
  });
});

describe.each(dialects)('deleting many products from the grid (%s)', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('deletes a configurable with its variants and a bundle, and leaves a variant ticked alone; a variant is not deleted by itself (409 is_variant)', async () => {
    const headers = await adminBearer(shop);
    const created = await shop.send<AdminProduct>('POST', '/api/rest/v2/admin/products', { json: tee(), headers });
    const variant = created.body.variants![0]!;
    const refused = await shop.send('DELETE', `/api/rest/v2/admin/products/${variant.id}`, { headers });
    expect([refused.status, refused.body.error]).toEqual([409, 'is_variant']);
    const [bundle] = await shop.database.db.select().from(products).where(eq(products.type, 'bundle')).limit(1);
    const [otherVariant] = await shop.database.db.select({ id: productLinks.linkedProductId }).from(productLinks).where(and(eq(productLinks.linkType, 'variant'), ne(productLinks.productId, created.body.id))).limit(1);
    const browser = adminBrowser(shop);
    await browser.signIn();
    const grid = await browser.request('GET', '/admin/products');
    const form = new URLSearchParams({ _csrf: browser.csrfOf(grid.html), action: 'delete', confirmed: 'yes' });
    for (const id of [created.body.id, bundle!.id, otherVariant!.id]) form.append('ids', String(id));
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const bulk = await shop.app.request('/admin/products/bulk', { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    const page = await bulk.text();
    // The configurable goes with its variants, the bundle with its options; another configurable's variant is left.
    expect(page).toContain('2 products deleted.');
    expect(page).toContain('1 left: a variant is removed on its product');
    const left = await shop.database.db.select({ id: products.id }).from(products).where(inArray(products.id, [created.body.id, variant.id, bundle!.id, otherVariant!.id]));
    expect(left.map((row) => row.id)).toEqual([otherVariant!.id]);
  });
});

describe.each(dialects)('admin gift cards API (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const api = (method: string, path = '', json?: unknown) => shop.send<Answer & { giftcard?: Record<string, unknown> }>(method, `/api/rest/v2/admin/products${path}`, { json, headers: admin });
  const card = (giftcard: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'giftcard', sku: 'CARD-NEW', name: 'Harbour gift card', urlKey: 'harbour-gift-card', stockQty: 999, giftcard, ...extra });

  beforeAll(async () => {
    shop = await openTestShop(dialect);
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it.each([
    ['no amounts', { amounts: [] }, 'giftcard.amounts'],
    ['a zero amount', { amounts: [0] }, 'giftcard.amounts.0'],
    ['an amount twice', { amounts: [25, 25] }, 'giftcard.amounts'],
    ['an open amount without its range', { amounts: [25], allowOpenAmount: true, openAmountMax: 100 }, 'giftcard.openAmountMin'],
    ['a range the wrong way round', { amounts: [25], allowOpenAmount: true, openAmountMin: 100, openAmountMax: 10 }, 'giftcard.openAmountMax'],
    ['a range without an open amount', { amounts: [25], openAmountMin: 10 }, 'giftcard.openAmountMin'],
    ['an unknown kind', { amounts: [25], giftcardType: 'paper' }, 'giftcard.giftcardType'],
  ])('refuses a gift card with %s (400 on the field, nothing written)', async (_name, giftcard, fieldPath) => {
    const before = (await shop.database.db.select({ n: count() }).from(products))[0]!.n;
    const refused = await api('POST', '', card(giftcard));
    expect(refused.status).toBe(400);
    expect(refused.body.details!.map((detail) => detail.field)).toContain(fieldPath);
    expect((await shop.database.db.select({ n: count() }).from(products))[0]!.n).toBe(before);
  });

  it('creates a gift card with amounts and an open range; shoppers see them and buy one; a change replaces them; it is deleted', async () => {
    expect((await api('POST', '', card({ amounts: [25] }, { price: 25 }))).body.details![0]!.field).toBe('price');
    const created = await api('POST', '', card({ giftcardType: 'virtual', amounts: [50, 25], allowOpenAmount: true, openAmountMin: 10, openAmountMax: 300 }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'giftcard', stockStatus: 'in_stock', giftcard: { giftcardType: 'virtual', amounts: [25, 50], allowOpenAmount: true, openAmountMin: 10, openAmountMax: 300 } });
    const record = exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${created.body.id}`)).body);
    expect(record).toMatchObject({ price: 25, giftcardAmounts: [25, 50], allowOpenAmount: true, openAmountMin: 10, openAmountMax: 300 });
    // Listings sort and show "from" the open range's minimum.
    const listed = (await shop.get('/api/rest/v2/products?urlKey=harbour-gift-card')).body as { member: Array<{ minimalPrice: number }> };
    expect(listed.member[0]!.minimalPrice).toBe(10);
    const headers = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    const bought = await shop.send<{ items: Array<{ sku: string; price: number }> }>('POST', '/api/rest/v2/cart/items', {
      json: { sku: 'CARD-NEW', qty: 1, giftcard: { amount: 120, recipientName: 'Ada', recipientEmail: 'ada@example.com', senderName: 'Sam', senderEmail: 'sam@example.com' } },
      headers,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.items[0]!.price).toBe(120);

    const changed = await api('PATCH', `/${created.body.id}`, { giftcard: { amounts: [40] } });
    expect(changed.status).toBe(200);
    expect(changed.body.giftcard).toEqual({ giftcardType: 'virtual', amounts: [40], allowOpenAmount: false, openAmountMin: null, openAmountMax: null });
    expect(((await shop.get(`/api/rest/v2/products/${created.body.id}`)).body as { price: number; finalPrice: number })).toMatchObject({ price: 40, finalPrice: 40 });
    expect((await api('PATCH', `/${created.body.id}`, { price: 5 })).body.error).toBe('unsupported_type');
    expect((await api('PATCH', `/${created.body.id}`, { stockQty: 0 })).body.stockStatus).toBe('out_of_stock');
    const [simple] = (await api('GET', '?itemsPerPage=1')).body.member!;
    expect((await api('PATCH', `/${simple!.id}`, { giftcard: { amounts: [40] } })).body.details![0]!.field).toBe('giftcard');
    expect((await api('DELETE', `/${created.body.id}`)).status).toBe(204);
  });
});

describe.each(dialects)('admin downloadable products API (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  type Download = Answer & { downloadableLinks?: Array<{ id: number; title: string; price: number; sampleUrl: string | null }> };
  const api = (method: string, path = '', json?: unknown) => shop.send<Download>(method, `/api/rest/v2/admin/products${path}`, { json, headers: admin });
  const ebook = (extra: Record<string, unknown> = {}) => ({
    type: 'downloadable',
    sku: 'EBOOK-NEW',
    name: 'Knots, the e-book',
    urlKey: 'knots-e-book',
    price: 12,
    stockQty: 999,
    downloadableLinks: [{ title: 'PDF' }, { title: 'Audiobook', price: 6.5, sampleUrl: 'https://example.com/sample.mp3' }],
    ...extra,
  });

  beforeAll(async () => {
    shop = await openTestShop(dialect);
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it.each([
    ['no links', { downloadableLinks: [] }, 'downloadableLinks'],
    ['no links at all', { downloadableLinks: undefined }, 'downloadableLinks'],
    ['a blank title', { downloadableLinks: [{ title: ' ' }] }, 'downloadableLinks.0.title'],
    ['a sample that is no web address', { downloadableLinks: [{ title: 'PDF', sampleUrl: 'javascript:alert(1)' }] }, 'downloadableLinks.0.sampleUrl'],
    ['a negative link price', { downloadableLinks: [{ title: 'PDF', price: -1 }] }, 'downloadableLinks.0.price'],
    ['no price', { price: undefined }, 'price'],
    ['links on a simple product', { type: 'simple' }, 'downloadableLinks'],
  ])('refuses a downloadable product with %s (400 on the field, nothing written)', async (_name, change, fieldPath) => {
    const before = (await shop.database.db.select({ n: count() }).from(products))[0]!.n;
    const refused = await api('POST', '', ebook(change));
    expect(refused.status).toBe(400);
    expect(refused.body.details!.map((detail) => detail.field)).toContain(fieldPath);
    expect((await shop.database.db.select({ n: count() }).from(products))[0]!.n).toBe(before);
  });

  it('creates a downloadable product with its links; shoppers see and buy them; its price changes; it is deleted with them', async () => {
    const created = await api('POST', '', ebook());
    expect(created.status).toBe(201);
    expect(created.body.downloadableLinks!.map(({ title, price, sampleUrl }) => ({ title, price, sampleUrl }))).toEqual([
      { title: 'PDF', price: 0, sampleUrl: null },
      { title: 'Audiobook', price: 6.5, sampleUrl: 'https://example.com/sample.mp3' },
    ]);
    const record = exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${created.body.id}`)).body);
    expect(record.downloadableLinks!.map((link) => [link.title, link.price])).toEqual([['PDF', 0], ['Audiobook', 6.5]]);
    const headers = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    const links = record.downloadableLinks!.map((link) => link.id);
    const bought = await shop.send<{ items: Array<{ price: number }> }>('POST', '/api/rest/v2/cart/items', { json: { sku: 'EBOOK-NEW', qty: 1, links }, headers });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.items[0]!.price).toBe(18.5);
    expect((await api('PATCH', `/${created.body.id}`, { price: 10 })).body.price).toBe(10);
    expect((await api('DELETE', `/${created.body.id}`)).status).toBe(204);
  });
});

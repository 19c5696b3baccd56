/**
 * The products grid and the admin REST product list share their filters and sort (issue 17,
 * DECISIONS.md 42): the grid's price column ("from" for products priced by their children or
 * amounts), price range and price sort, kept by the grid's links; the REST list by type, status,
 * stock, category, price range and each sort, refusing values it does not offer with 400 by the
 * query field; and the bulk actions over REST (enable, disable, put in a category, delete), each
 * product audited and announced, variants skipped with why, a bad body refused with nothing changed.
 */
import { and, eq, inArray, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuditLog, productCategories, productLinks, products } from '../../../platform/db/schema/index.ts';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { adminBearer, adminBrowser } from '../../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface Listed {
  id: number;
  sku: string;
  variants?: Array<{ id: number; sku: string }>;
}
interface Outcome {
  action: string;
  done: number[];
  skipped: Array<{ id: number; reason: string; message: string }>;
}
type Answer = Listed & Partial<Outcome> & { error?: string; details?: Array<{ location: string; field: string }>; member?: Listed[]; totalItems?: number };

/** The SKUs a grid page lists, in its order. */
const gridSkus = (html: string) => [...html.matchAll(/<td><a href="\/admin\/products\/\d+">([^<]+)<\/a><\/td>/g)].map((match) => match[1]!);

describe.each(dialects)('admin product filters, sorts and bulk actions (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  let browser: ReturnType<typeof adminBrowser>;
  const events: string[] = [];
  const ids: Record<string, number> = {};
  let lights: number;
  let sale: number;
  let tee: Listed;

  const api = (method: string, path: string, json?: unknown) => shop.send<Answer>(method, `/api/rest/v2/admin/${path}`, { json, headers: admin });
  const listed = async (query: string) => {
    const answer = await api('GET', `products?search=PF-&${query}`);
    expect(answer.status, query).toBe(200);
    return answer.body.member!.map((product) => product.sku);
  };
  const grid = async (query: string) => gridSkus((await browser.request('GET', `/admin/products?q=PF-&${query}`)).html);
  const bulk = (json: unknown) => shop.send<Answer>('POST', '/api/rest/v2/admin/products/bulk', { json, headers: admin });
  /** Waits for the notifications delivered since `from` (deliveries are batched and asynchronous). */
  const delivered = async (from: number, expected: string[]) => {
    await vi.waitFor(() => expect(events.slice(from).sort()).toEqual([...expected].sort()), { timeout: 5000 });
  };

  beforeAll(async () => {
    const probe = defineModule({
      id: 'filters-probe',
      title: 'Probe',
      subscribers: [
        { event: 'catalog_product_saved', batchWindowMs: 20, handle: (batch) => void events.push(...batch.map((event) => `saved:${event.payload.productId}`)) },
        { event: 'catalog_product_deleted', batchWindowMs: 20, handle: (batch) => void events.push(...batch.map((event) => `deleted:${event.payload.sku}`)) },
      ],
    });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
    browser = adminBrowser(shop);
    await browser.signIn();
    lights = (await api('POST', 'categories', { name: 'Filter lights', urlKey: 'filter-lights', parentId: null })).body.id;
    sale = (await api('POST', 'categories', { name: 'Filter sale', urlKey: 'filter-sale', parentId: null })).body.id;
    // Names sort otherwise than SKUs and ids; the prices shown: 30, 12.50, 50, from 19.50, from 40.
    const created: Array<[string, Record<string, unknown>]> = [
      ['PF-LAMP', { name: 'Desk lamp', price: 30, stockQty: 5, categoryIds: [lights] }],
      ['PF-MUG', { name: 'Enamel mug', price: 12.5, stockQty: 0, isEnabled: false }],
      ['PF-BOOK', { type: 'virtual', name: 'Atlas ebook', price: 50, stockQty: 3, categoryIds: [lights] }],
      [
        'PF-TEE',
        {
          type: 'configurable',
          name: 'Canvas tee',
          configurableAttributes: ['color'],
          variants: [
            { sku: 'FTEE-RED', price: 25, stockQty: 4, attributes: { color: 'Red' } },
            { sku: 'FTEE-NAVY', price: 22, specialPrice: 19.5, stockQty: 2, attributes: { color: 'navy' } },
          ],
        },
      ],
      ['PF-CARD', { type: 'giftcard', name: 'Bazaar gift card', stockQty: 100, giftcard: { amounts: [40, 100] } }],
    ];
    for (const [sku, fields] of created) {
      const answer = await api('POST', 'products', { sku, urlKey: sku.toLowerCase(), ...fields });
      expect(answer.status, sku).toBe(201);
      ids[sku] = answer.body.id;
      if (sku === 'PF-TEE') tee = answer.body;
    }
    await delivered(0, Object.values(ids).map((id) => `saved:${id}`));
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('shows each product\'s price on the grid, "from" for those priced by their children or amounts, and sorts by it both ways', async () => {
    const page = (await browser.request('GET', '/admin/products?q=PF-&sort=price')).html;
    expect(gridSkus(page)).toEqual(['PF-MUG', 'PF-TEE', 'PF-LAMP', 'PF-CARD', 'PF-BOOK']);
    expect(page).toContain(`<a href="/admin/products/${ids['PF-TEE']}">PF-TEE</a></td><td>Canvas tee</td><td>configurable</td><td>from $19.50</td>`);
    expect(page).toContain(`<a href="/admin/products/${ids['PF-LAMP']}">PF-LAMP</a></td><td>Desk lamp</td><td>simple</td><td>$30.00</td><td>5</td>`);
    expect(page).toContain('<td>giftcard</td><td>from $40.00</td>');
    expect(page).toMatch(/<th aria-sort="ascending"><a href="\?q=PF-&amp;sort=-price">Price<\/a><\/th>/);
    expect(await grid('sort=-price')).toEqual(['PF-BOOK', 'PF-CARD', 'PF-LAMP', 'PF-TEE', 'PF-MUG']);
  });

  it('filters the grid by a price range (both ends included), kept by its sort links, pages and bulk form', async () => {
    expect(await grid('priceFrom=19.5&priceTo=40')).toEqual(['PF-LAMP', 'PF-TEE', 'PF-CARD']);
    expect(await grid('priceFrom=30')).toEqual(['PF-LAMP', 'PF-BOOK', 'PF-CARD']);
    expect(await grid('priceTo=19.50&sort=-price')).toEqual(['PF-TEE', 'PF-MUG']);
    expect(await grid('priceFrom=20&priceTo=29.99&type=simple')).toEqual([]);
    const page = (await browser.request('GET', '/admin/products?q=PF-&priceFrom=15&priceTo=45')).html;
    expect(page).toContain('name="priceFrom" min="0" step="0.01" inputmode="decimal" value="15"');
    expect(page).toMatch(/<th aria-sort="none"><a href="\?q=PF-&amp;priceFrom=15&amp;priceTo=45&amp;sort=price">Price<\/a><\/th>/);
    expect(page).toContain('action="/admin/products/bulk?q=PF-&amp;priceFrom=15&amp;priceTo=45"');
    // The seeded catalog fills more than one page of 20: the pager keeps the range.
    const paged = (await browser.request('GET', '/admin/products?priceFrom=1&size=20&sort=-price')).html;
    expect(paged).toContain('href="?priceFrom=1&amp;sort=-price&amp;size=20&amp;page=2"');
    // What the grid cannot read it ignores, answering as without it.
    expect(await grid('priceFrom=cheap&priceTo=-3&sort=cost')).toEqual(await grid(''));
  });

  it('lists by each filter on the REST API, as the grid', async () => {
    expect(await listed('type=configurable')).toEqual(['PF-TEE']);
    expect(await listed('status=disabled')).toEqual(['PF-MUG']);
    expect(await listed('status=enabled')).toEqual(['PF-LAMP', 'PF-BOOK', 'PF-TEE', 'PF-CARD']);
    expect(await listed('stock=out_of_stock')).toEqual(['PF-MUG']);
    expect(await listed('stock=in_stock&type=virtual')).toEqual(['PF-BOOK']);
    expect(await listed(`categoryId=${lights}`)).toEqual(['PF-LAMP', 'PF-BOOK']);
    expect(await listed('priceFrom=19.5&priceTo=40')).toEqual(['PF-LAMP', 'PF-TEE', 'PF-CARD']);
    expect(await listed('priceFrom=45')).toEqual(['PF-BOOK']);
    const answer = await api('GET', 'products?search=PF-&priceTo=30&itemsPerPage=2&page=2&sort=price');
    expect([answer.body.totalItems, answer.body.member!.map((product) => product.sku)]).toEqual([3, ['PF-LAMP']]);
  });

  it('sorts the REST list by each column, both ways', async () => {
    expect(await listed('sort=price')).toEqual(['PF-MUG', 'PF-TEE', 'PF-LAMP', 'PF-CARD', 'PF-BOOK']);
    expect(await listed('sort=-price')).toEqual(['PF-BOOK', 'PF-CARD', 'PF-LAMP', 'PF-TEE', 'PF-MUG']);
    expect(await listed('sort=name')).toEqual(['PF-BOOK', 'PF-CARD', 'PF-TEE', 'PF-LAMP', 'PF-MUG']);
    expect(await listed('sort=-sku')).toEqual(['PF-TEE', 'PF-MUG', 'PF-LAMP', 'PF-CARD', 'PF-BOOK']);
    expect(await listed('sort=-id')).toEqual(['PF-CARD', 'PF-TEE', 'PF-BOOK', 'PF-MUG', 'PF-LAMP']);
    // The configurable's stock is its variants' (6); ties go by id.
    expect(await listed('sort=-stockQty')).toEqual(['PF-CARD', 'PF-TEE', 'PF-LAMP', 'PF-BOOK', 'PF-MUG']);
    await api('PATCH', `products/${ids['PF-LAMP']}`, { name: 'Desk lamp, brass' });
    expect((await listed('sort=-updatedAt'))[0]).toBe('PF-LAMP');
  });

  it('refuses list values it does not offer with 400 naming the query field, and documents them', async () => {
    for (const [query, field] of [
      ['type=widget', 'type'],
      ['status=on', 'status'],
      ['stock=some', 'stock'],
      ['categoryId=0', 'categoryId'],
      ['categoryId=lamps', 'categoryId'],
      ['priceFrom=cheap', 'priceFrom'],
      ['priceTo=1.234', 'priceTo'],
      ['priceFrom=-1', 'priceFrom'],
      ['priceFrom=40&priceTo=20', 'priceTo'],
      ['sort=cost', 'sort'],
      ['sort=--price', 'sort'],
    ] as const) {
      const refused = await api('GET', `products?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.details, query).toContainEqual(expect.objectContaining({ location: 'query', field }));
    }
    const doc = (await shop.get('/api/rest/v2/docs.json')).body as { paths: Record<string, Record<string, { parameters?: Array<{ name: string }>; requestBody?: unknown }>> };
    const parameters = doc.paths['/api/rest/v2/admin/products']!.get!.parameters!.map((parameter) => parameter.name);
    expect(parameters).toEqual(expect.arrayContaining(['search', 'type', 'status', 'stock', 'categoryId', 'priceFrom', 'priceTo', 'sort']));
    expect(doc.paths['/api/rest/v2/admin/products/bulk']!.post!.requestBody).toBeDefined();
  });

  it('refuses a bad bulk body with 400 by the field, changing and announcing nothing', async () => {
    const before = events.length;
    const [lampBefore] = await shop.database.db.select().from(products).where(eq(products.id, ids['PF-LAMP']!));
    for (const [body, field] of [
      [{ action: 'enable', ids: [] }, 'ids'],
      [{ action: 'enable', ids: Array.from({ length: 501 }, (_, index) => index + 1) }, 'ids'],
      [{ action: 'enable', ids: ['1'] }, 'ids.0'],
      [{ action: 'archive', ids: [ids['PF-LAMP']] }, 'action'],
      [{ action: 'assign', ids: [ids['PF-LAMP']] }, 'categoryId'],
      [{ action: 'disable', ids: [ids['PF-LAMP']], categoryId: sale }, 'categoryId'],
      [{ action: 'assign', ids: [ids['PF-LAMP']], categoryId: 99_999_999 }, 'categoryId'],
      [{ action: 'delete', ids: [ids['PF-LAMP']], force: true }, ''],
    ] as const) {
      const refused = await bulk(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.details!.map((detail) => detail.field), JSON.stringify(body)).toContain(field);
    }
    expect((await shop.send('POST', '/api/rest/v2/admin/products/bulk', { json: { action: 'delete', ids: [ids['PF-LAMP']] } })).status).toBe(401);
    const [lampAfter] = await shop.database.db.select().from(products).where(eq(products.id, ids['PF-LAMP']!));
    expect(lampAfter).toEqual(lampBefore);
    expect(await shop.database.db.select().from(productCategories).where(eq(productCategories.categoryId, sale))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.length).toBe(before);
  });

  it('disables and enables over REST: those found changed, audited and announced, the unknown skipped', async () => {
    const from = events.length;
    const disabled = await bulk({ action: 'disable', ids: [ids['PF-BOOK'], ids['PF-LAMP'], ids['PF-LAMP'], 99_999_999] });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({ action: 'disable', done: [ids['PF-LAMP'], ids['PF-BOOK']], skipped: [{ id: 99_999_999, reason: 'not_found', message: 'No product 99999999.' }] });
    expect(await listed('status=disabled')).toEqual(['PF-LAMP', 'PF-MUG', 'PF-BOOK']);
    await delivered(from, [`saved:${ids['PF-LAMP']}`, `saved:${ids['PF-BOOK']}`]);
    const audited = await shop.database.db
      .select({ subject: adminAuditLog.subject, actorEmail: adminAuditLog.actorEmail })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'product.bulk_disable'));
    expect(audited.map((entry) => entry.subject).sort()).toEqual([`product:${ids['PF-BOOK']}`, `product:${ids['PF-LAMP']}`].sort());
    expect(audited.every((entry) => entry.actorEmail === 'admin@example.com')).toBe(true);

    const next = events.length;
    const enabled = await bulk({ action: 'enable', ids: [ids['PF-LAMP'], ids['PF-BOOK'], ids['PF-MUG']] });
    expect(enabled.body).toEqual({ action: 'enable', done: [ids['PF-LAMP'], ids['PF-MUG'], ids['PF-BOOK']], skipped: [] });
    expect(await listed('status=disabled')).toEqual([]);
    await delivered(next, [`saved:${ids['PF-LAMP']}`, `saved:${ids['PF-MUG']}`, `saved:${ids['PF-BOOK']}`]);
  });

  it('disabling a variant over REST moves its configurable\'s "from" price, which is announced too', async () => {
    const navy = tee.variants!.find((variant) => variant.sku === 'FTEE-NAVY')!;
    const from = events.length;
    expect((await bulk({ action: 'disable', ids: [navy.id] })).body.done).toEqual([navy.id]);
    await delivered(from, [`saved:${navy.id}`, `saved:${ids['PF-TEE']}`]);
    expect(await listed('priceFrom=25&priceTo=25')).toEqual(['PF-TEE']);
    const next = events.length;
    await bulk({ action: 'enable', ids: [navy.id] });
    expect(await listed('priceFrom=19.5&priceTo=19.5')).toEqual(['PF-TEE']);
    await delivered(next, [`saved:${navy.id}`, `saved:${ids['PF-TEE']}`]);
  });

  it('puts products in a category over REST (their other categories kept), and on the grid', async () => {
    const from = events.length;
    const assigned = await bulk({ action: 'assign', ids: [ids['PF-MUG'], ids['PF-LAMP']], categoryId: sale });
    expect(assigned.body).toEqual({ action: 'assign', done: [ids['PF-LAMP'], ids['PF-MUG']], skipped: [] });
    expect(await listed(`categoryId=${sale}`)).toEqual(['PF-LAMP', 'PF-MUG']);
    expect(await listed(`categoryId=${lights}`)).toEqual(['PF-LAMP', 'PF-BOOK']);
    await delivered(from, [`saved:${ids['PF-LAMP']}`, `saved:${ids['PF-MUG']}`]);
    const entries = await shop.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'product.bulk_assign'));
    expect(entries).toHaveLength(2);

    const onGrid = events.length;
    const gridPage = await browser.request('GET', '/admin/products?q=PF-');
    const form = { _csrf: browser.csrfOf(gridPage.html), action: 'assign', ids: String(ids['PF-CARD']), categoryId: String(sale) };
    expect((await browser.request('POST', '/admin/products/bulk?q=PF-', form)).html).toContain('1 product put in the category.');
    expect((await browser.request('POST', '/admin/products/bulk?q=PF-', { ...form, categoryId: '' })).html).toContain('Choose the category to put the products in.');
    expect(await grid(`category=${sale}`)).toEqual(['PF-LAMP', 'PF-MUG', 'PF-CARD']);
    await delivered(onGrid, [`saved:${ids['PF-CARD']}`]);
  });

  it('deletes over REST: a configurable with its variants; a variant alone is skipped, saying where it goes', async () => {
    const [otherVariant] = await shop.database.db
      .select({ id: productLinks.linkedProductId, parentId: productLinks.productId })
      .from(productLinks)
      .where(and(eq(productLinks.linkType, 'variant'), ne(productLinks.productId, ids['PF-TEE']!)))
      .limit(1);
    const red = tee.variants!.find((variant) => variant.sku === 'FTEE-RED')!;
    const from = events.length;
    const deleted = await bulk({ action: 'delete', ids: [red.id, ids['PF-MUG'], otherVariant!.id, ids['PF-TEE']] });
    expect(deleted.status).toBe(200);
    expect(deleted.body.done).toEqual([ids['PF-MUG'], ids['PF-TEE']]);
    expect(deleted.body.skipped!.map(({ id, reason }) => [id, reason]).sort()).toEqual(
      [
        [red.id, 'deleted_with_configurable'],
        [otherVariant!.id, 'is_variant'],
      ].sort(),
    );
    expect(deleted.body.skipped!.find((skip) => skip.reason === 'is_variant')!.message).toContain(`products/${otherVariant!.parentId}/variants/${otherVariant!.id}`);
    const left = await shop.database.db.select({ sku: products.sku }).from(products).where(inArray(products.id, [red.id, ids['PF-MUG']!, otherVariant!.id, ids['PF-TEE']!]));
    expect(left).toHaveLength(1);
    expect((await shop.database.db.select({ sku: products.sku }).from(products).where(like(products.sku, 'FTEE-%')))).toEqual([]);
    await delivered(from, ['deleted:PF-MUG', 'deleted:PF-TEE']);
    expect(await listed('')).toEqual(['PF-LAMP', 'PF-BOOK', 'PF-CARD']);
  });
});

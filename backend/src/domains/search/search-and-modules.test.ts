import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../platform/http/context.ts';
import { AppError } from '../../platform/errors.ts';
import { defineModule } from '../../platform/modules/define-module.ts';
import type { HookMap } from '../../platform/modules/hooks.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { aSimpleProduct, shopper, tradeBuyer } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Listing {
  id: number;
  sku: string;
  name: string;
  categoryIds: number[];
  price?: number;
  extensions: Record<string, unknown>;
}
interface Page {
  member: Listing[];
  totalItems: number;
}

/** Accounts the test module refuses tokens to, as an approval module would. */
const onHold = new Set<string>();

/** Set once the catalog is open: the SKU the test module reserves for signed-in customers. */
const membersOnly = { sku: '' };

/** What cart.validateAdd was asked about, in order. */
const validatedAdds: HookMap['cart.validateAdd'][] = [];

/** A stand-in for a B2B module: annotates records per group and hides prices from guests. */
/** How many times the annotation ran, and with how many records each time (once per response). */
const annotationCalls: number[] = [];

const groupBadge = defineModule({
  id: 'group-badge',
  title: 'Group badge',
  annotations: [
    {
      annotation: 'api_product_dto_build',
      handle({ records, customer_group_id, view }) {
        annotationCalls.push(records.length);
        for (const record of records) record.extensions.groupBadge = { group: customer_group_id, view };
      },
    },
  ],
  hooks: [
    {
      hook: 'auth.beforeIssueToken',
      handle({ email }) {
        if (onHold.has(email)) throw new AppError('forbidden', 'account_pending_approval', 'Your account awaits approval.');
      },
    },
    {
      hook: 'cart.validateAdd',
      handle(input) {
        validatedAdds.push(input);
        if (input.caller.kind === 'guest' && input.sku === membersOnly.sku) throw new AppError('forbidden', 'purchase_blocked', 'Sign in to buy this.');
      },
    },
  ],
  routes: { api: new Hono<AppEnv>().get('/b2b/group-badge/config', (c) => c.json({ enabled: true })) },
});

describe.each(dialects)('search, caller-varying catalog and modules (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [groupBadge] });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('finds products by word prefixes, best match first, with pagination and a category filter', async () => {
    const product = await aSimpleProduct(shop.database.db);
    const firstWord = product.name.split(' ')[0]!;
    const prefix = firstWord.slice(0, Math.max(3, firstWord.length - 2));
    const found = await shop.send<Page>('GET', `/api/rest/v2/search?q=${encodeURIComponent(prefix)}`);
    expect(found.status).toBe(200);
    expect(found.body.member.map((p) => p.id)).toContain(product.id);
    const bySku = await shop.send<Page>('GET', `/api/rest/v2/search?q=${encodeURIComponent(product.sku)}`);
    expect(bySku.body.member[0]?.sku).toBe(product.sku);
    const paged = await shop.send<Page & { itemsPerPage: number }>('GET', `/api/rest/v2/search?q=${encodeURIComponent(prefix)}&itemsPerPage=1&page=1`);
    expect(paged.body.member).toHaveLength(1);
    expect(paged.body.totalItems).toBe(found.body.totalItems);
    const categoryId = product.id && found.body.member.find((p) => p.id === product.id)!.categoryIds[0]!;
    const inCategory = await shop.send<Page>('GET', `/api/rest/v2/search?q=${encodeURIComponent(prefix)}&categoryId=${categoryId}`);
    expect(inCategory.body.member.every((p) => p.categoryIds.includes(categoryId))).toBe(true);
    const none = await shop.send<Page>('GET', '/api/rest/v2/search?q=zzqqxx');
    expect(none.body).toMatchObject({ member: [], totalItems: 0 });
  });

  it('refuses empty or unsearchable queries with 400', async () => {
    for (const query of ['', '?q=', '?q=%26%7C!', '?q=a&page=0', '?q=a&categoryId=x', `?q=${'a'.repeat(201)}`]) {
      expect((await shop.send('GET', `/api/rest/v2/search${query}`)).status, query).toBe(400);
    }
  });

  it('runs api_product_dto_build once per answer, with the caller group, for listing, detail and search', async () => {
    annotationCalls.length = 0;
    const guest = await shop.send<Page>('GET', '/api/rest/v2/products?itemsPerPage=2');
    expect(annotationCalls).toEqual([2]);
    expect(guest.body.member.map((p) => p.extensions.groupBadge)).toEqual([{ group: 0, view: 'listing' }, { group: 0, view: 'listing' }]);
    const auth = await bearerFor(shop, tradeBuyer);
    const id = guest.body.member[0]!.id;
    const detail = await shop.send<Listing>('GET', `/api/rest/v2/products/${id}`, { headers: auth });
    expect(detail.body.extensions.groupBadge).toEqual({ group: 2, view: 'detail' });
    const search = await shop.send<Page>('GET', `/api/rest/v2/search?q=${encodeURIComponent(detail.body.name.split(' ')[0]!)}`, { headers: await bearerFor(shop, shopper) });
    expect(search.body.member[0]?.extensions.groupBadge).toEqual({ group: 1, view: 'listing' });
  });

  it('marks caller-varying catalog answers private for customers and public for guests, varying on Authorization', async () => {
    const auth = await bearerFor(shop, shopper);
    for (const path of ['/api/rest/v2/products?itemsPerPage=1', '/api/rest/v2/search?q=a']) {
      const guest = await shop.send('GET', path);
      expect(guest.headers.get('cache-control')).toBe('public, max-age=60');
      expect(guest.headers.get('vary')).toContain('Authorization');
      const customer = await shop.send('GET', path, { headers: auth });
      expect(customer.headers.get('cache-control')).toBe('private, max-age=60');
      expect(customer.headers.get('vary')).toContain('Authorization');
    }
    const badToken = await shop.send('GET', '/api/rest/v2/products', { headers: { authorization: 'Bearer nope' } });
    expect([badToken.status, badToken.headers.get('cache-control')]).toEqual([401, null]);
    // Basic credentials are not ours to judge outside the token endpoint: a guest view.
    expect((await shop.send('GET', '/api/rest/v2/products?itemsPerPage=1', { headers: { authorization: 'Basic dTpw' } })).status).toBe(200);
  });

  it('mounts module API routes and runs module hooks', async () => {
    expect((await shop.send<{ enabled: boolean }>('GET', '/api/rest/v2/b2b/group-badge/config')).body).toEqual({ enabled: true });
    expect((await shop.send('GET', '/api/rest/v2/b2b/access/config')).status).toBe(404);
    membersOnly.sku = (await aSimpleProduct(shop.database.db)).sku;
    const blocked = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: membersOnly.sku, qty: 1 } });
    expect([blocked.status, blocked.body.error]).toEqual([403, 'purchase_blocked']);
    const allowed = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: membersOnly.sku, qty: 1 }, headers: await bearerFor(shop, shopper) });
    expect(allowed.status).toBe(200);
    await shop.send('POST', '/api/rest/v2/customers', { json: { email: 'pending@example.com', password: 'Pending#2026', firstName: 'P', lastName: 'Q' } });
    onHold.clear();
    const before = await shop.send<{ refresh_token: string }>('POST', '/api/rest/v2/auth/login', { json: { email: 'pending@example.com', password: 'Pending#2026' } });
    expect(before.status).toBe(200);
    onHold.add('pending@example.com');
    // Signed in before the hold: the next refresh is refused too.
    const refresh = await shop.send('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'refresh_token', refresh_token: before.body.refresh_token } });
    expect([refresh.status, refresh.body.error]).toEqual([403, 'account_pending_approval']);
    const refused = await shop.send('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'password', username: 'pending@example.com', password: 'Pending#2026' } });
    expect([refused.status, refused.body.error, refused.body.message]).toEqual([403, 'account_pending_approval', 'Your account awaits approval.']);
    expect(() => defineModule({ id: 'Not Kebab', title: 'Bad' })).toThrow(/kebab-case/);
  });

  it('runs cart.validateAdd for every part of a bundle, naming the bundle, on add and on quantity changes, with the quantity before', async () => {
    const listing = await shop.send<{ member: (Listing & { type: string; stockStatus: string })[] }>('GET', '/api/rest/v2/products?itemsPerPage=100');
    const { id } = listing.body.member.find((p) => p.type === 'bundle' && p.stockStatus === 'in_stock')!;
    const bundle = (await shop.send<Listing & { bundleOptions: { id: number; required: boolean; selections: { id: number; sku: string; defaultQty: number }[] }[] }>('GET', `/api/rest/v2/products/${id}`)).body;
    const options = bundle.bundleOptions.filter((o) => o.required);
    const chosen = (options.length > 0 ? options : bundle.bundleOptions.slice(0, 1)).map((o) => ({ option: o, selection: o.selections[0]! }));
    const bundleOptions = Object.fromEntries(chosen.map(({ option, selection }) => [String(option.id), [selection.id]]));
    const [blocked] = chosen;
    membersOnly.sku = blocked!.selection.sku;

    const refused = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: bundle.sku, qty: 2, bundleOptions } });
    expect([refused.status, refused.body.error]).toEqual([403, 'purchase_blocked']);

    const auth = await bearerFor(shop, shopper);
    validatedAdds.length = 0;
    const added = await shop.send<{ items: { id: number; sku: string }[] }>('POST', '/api/rest/v2/cart/items', { json: { sku: bundle.sku, qty: 2, bundleOptions }, headers: auth });
    expect(added.status).toBe(200);
    const partOf = { productId: bundle.id, sku: bundle.sku };
    const seen = (qty: number, previousQty: number) => [
      { sku: bundle.sku, qty, previousQty, partOf: undefined },
      ...chosen.map(({ selection }) => ({ sku: selection.sku, qty: selection.defaultQty * qty, previousQty: selection.defaultQty * previousQty, partOf })),
    ];
    const asked = () => validatedAdds.map(({ sku, qty, previousQty, partOf }) => ({ sku, qty, previousQty, partOf }));
    expect(asked()).toEqual(seen(2, 0));

    validatedAdds.length = 0;
    const line = added.body.items.find((l) => l.sku === bundle.sku)!;
    expect((await shop.send('PATCH', `/api/rest/v2/cart/items/${line.id}`, { json: { qty: 3 }, headers: auth })).status).toBe(200);
    expect(asked()).toEqual(seen(3, 2));
  });
});

/**
 * The price a shopper sees is the price charged, after any admin edit: for each product type, an
 * edit in the admin's product form (a configurable's variants grid, a simple product's price) shows
 * the same figure in the listing (its price index, which the storefront sorts by), in the detail,
 * in the cart line and in the order.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexPrices } from './price-index.ts';
import { bundleOptions, bundleSelections, productLinks, productPrices, products, stores } from '../../../platform/db/schema/index.ts';
import type { ProductDetail } from '../../../../../contracts/product.ts';
import { submittedFields } from '../../../../test/helpers/admin-forms.ts';
import { adminBrowser, signedInAdmin } from '../../../../test/helpers/admin-session.ts';
import { payCart, placeOrderBody } from '../../../../test/helpers/checkout.ts';
import { aConfigurableChoice } from '../../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface Line {
  sku: string;
  price: number;
}
interface Cart {
  items: Line[];
}
interface Page {
  member: ProductDetail[];
  totalItems: number;
}

describe.each(dialects)('admin price edits reach every price a shopper meets (%s)', (dialect) => {
  let shop: TestShop;
  let admin: ReturnType<typeof adminBrowser>;
  let orderNumber = 0;

  beforeAll(async () => {
    shop = await openTestShop(dialect);
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const db = () => shop.database.db;
  const detail = async (id: number) => (await shop.get(`/api/rest/v2/products/${id}`)).body as ProductDetail;
  const listed = async (urlKey: string) => ((await shop.get(`/api/rest/v2/products?urlKey=${encodeURIComponent(urlKey)}`)).body as Page).member[0]!;

  /** Every input of the product's main admin form with its current value (its version among them). */
  async function formOf(productId: number) {
    const form = await admin.request('GET', `/admin/products/${productId}`);
    expect(form.status).toBe(200);
    return { html: form.html, fields: { enabled: '1', ...submittedFields(form.html, `/admin/products/${productId}`) } };
  }

  /** Saves the product's admin form as it is, with `changes`; answers the form's HTML. */
  async function saveInAdmin(productId: number, changes: Record<string, string>) {
    const { html, fields } = await formOf(productId);
    const saved = await admin.request('POST', `/admin/products/${productId}`, { ...fields, ...changes });
    expect([saved.status, saved.location], /class="error"[^<]*<|$/.exec(saved.html)?.[0]).toEqual([303, `/admin/products/${productId}?flash=saved`]);
    return html;
  }

  /** A guest adds one of `request`; answers the line's price, and the order line's once ordered. */
  async function charged(request: Record<string, unknown>): Promise<{ cart: number; order: number }> {
    const headers = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    const added = await shop.send<Cart>('POST', '/api/rest/v2/cart/items', { json: { qty: 1, ...request }, headers });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = added.body.items[0]!.price;
    const intent = await payCart(shop, headers);
    const placed = await shop.send<{ lines: Line[] }>('POST', '/api/rest/v2/checkout/place-order', {
      json: placeOrderBody(intent),
      headers: { ...headers, 'idempotency-key': `prices-${++orderNumber}` },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return { cart, order: placed.body.lines[0]!.price };
  }

  /** The storefront sorts a category by the listing's minimalPrice: where the product lands. */
  async function cheapestInCategory(categoryId: number): Promise<number> {
    const page = (await shop.get(`/api/rest/v2/products?categoryId=${categoryId}&itemsPerPage=100`)).body as Page;
    const sorted = [...page.member].sort((a, b) => (a.minimalPrice ?? Infinity) - (b.minimalPrice ?? Infinity));
    return sorted[0]!.id;
  }

  it('the seeded catalog keeps the same rules: re-deriving every price index changes nothing', async () => {
    const all = async () => db().select().from(productPrices).orderBy(asc(productPrices.productId), asc(productPrices.storeId));
    const before = await all();
    const stock = await db().select({ id: products.id, qty: products.qty, stockStatus: products.stockStatus }).from(products).orderBy(asc(products.id));
    await db().transaction(async (tx) => {
      await reindexPrices(tx, stock.map((p) => p.id));
    });
    expect(await all()).toEqual(before);
    expect(await db().select({ id: products.id, qty: products.qty, stockStatus: products.stockStatus }).from(products).orderBy(asc(products.id))).toEqual(stock);
  });

  it('a configurable: the variants grid sets what the listing, the detail, the price sort, the cart and the order show', async () => {
    const { parent, variant, options } = await aConfigurableChoice(db());
    const form = await saveInAdmin(parent.id, { [`variant_${variant.id}_price_1`]: '1.25', [`variant_${variant.id}_special_1`]: '', [`variant_${variant.id}_qty`]: '9' });
    // The parent's own price is derived, never typed in; each variant has its row in the grid.
    expect(form).not.toMatch(/name="price_\d+"/);
    expect(form).toContain(`name="variant_${variant.id}_price_1"`);

    const shown = await listed(parent.urlKey);
    expect([shown.minimalPrice, shown.finalPrice, shown.stockStatus]).toEqual([1.25, 1.25, 'in_stock']);
    const full = await detail(parent.id);
    expect(full.variants!.find((v) => v.sku === variant.sku)).toMatchObject({ price: 1.25, specialPrice: null, finalPrice: 1.25, qty: 9 });
    expect(full.minimalPrice).toBe(1.25);
    expect(await charged({ sku: parent.sku, options })).toEqual({ cart: 1.25, order: 1.25 });
    expect(await cheapestInCategory(full.categoryIds[0]!)).toBe(parent.id);

    // A special price counts as the price; then the variant sold out, the next cheapest in-stock variant leads.
    await saveInAdmin(parent.id, { [`variant_${variant.id}_special_1`]: '0.75' });
    expect((await listed(parent.urlKey)).minimalPrice).toBe(0.75);
    expect(await charged({ sku: parent.sku, options })).toEqual({ cart: 0.75, order: 0.75 });
    await saveInAdmin(parent.id, { [`variant_${variant.id}_qty`]: '0' });
    const others = (await detail(parent.id)).variants!.filter((v) => v.sku !== variant.sku && v.stockStatus === 'in_stock');
    const next = Math.min(...others.map((v) => v.finalPrice!));
    const after = await listed(parent.urlKey);
    expect(after.minimalPrice).toBe(next);
    expect(after.qty).toBe(others.reduce((sum, v) => sum + v.qty, 0));
  });

  it('a configurable\'s variant has its own price in each store view\'s currency: the AUD store sells it at the AUD price', async () => {
    const { parent, variant, options } = await aConfigurableChoice(db());
    const [au] = await db().select().from(stores).where(eq(stores.code, 'au'));
    const form = await saveInAdmin(parent.id, { [`variant_${variant.id}_price_1`]: '50.00', [`variant_${variant.id}_special_1`]: '', [`variant_${variant.id}_price_${au!.id}`]: '77.70', [`variant_${variant.id}_special_${au!.id}`]: '', [`variant_${variant.id}_qty`]: '5' });
    expect(form).toContain(`aria-label="${variant.sku} price, ${au!.name}" name="variant_${variant.id}_price_${au!.id}"`);
    const inAu = (await shop.get(`/api/rest/v2/products/${parent.id}?store=au`)).body as ProductDetail;
    expect([inAu.variants!.find((v) => v.sku === variant.sku)?.price, (await detail(parent.id)).variants!.find((v) => v.sku === variant.sku)?.price]).toEqual([77.7, 50]);
    const headers = { 'x-store-code': 'au', 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart', { headers: { 'x-store-code': 'au' } })).headers.get('x-cart-token')! };
    const added = await shop.send<Cart>('POST', '/api/rest/v2/cart/items', { json: { qty: 1, sku: parent.sku, options }, headers });
    expect([added.status, added.body.items?.[0]?.price], JSON.stringify(added.body)).toEqual([200, 77.7]);
  });

  it('refuses a special price above the price and a blank price, changing nothing', async () => {
    const { parent, variant } = await aConfigurableChoice(db());
    const { fields } = await formOf(parent.id);
    const before = await listed(parent.urlKey);
    const bad = await admin.request('POST', `/admin/products/${parent.id}`, { ...fields, [`variant_${variant.id}_price_1`]: '5', [`variant_${variant.id}_special_1`]: '6' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('must be below the price');
    expect((await admin.request('POST', `/admin/products/${parent.id}`, { ...fields, [`variant_${variant.id}_price_1`]: '' })).status).toBe(400);
    expect(await listed(parent.urlKey)).toEqual(before);
  });

  it('simple, virtual and downloadable products: the typed price is the listing, detail, cart and order price', async () => {
    for (const type of ['simple', 'virtual', 'downloadable'] as const) {
      const [product] = await db()
        .select()
        .from(products)
        .where(and(eq(products.type, type), eq(products.visibility, 'catalog'), eq(products.isEnabled, true), eq(products.stockStatus, 'in_stock')))
        .orderBy(asc(products.id))
        .limit(1);
      if (!product) throw new Error(`no ${type} product in the test catalog`);
      await saveInAdmin(product.id, { price_1: '3.50', special_1: '2.10', qty: '50' });
      const shown = await listed(product.urlKey);
      expect([type, shown.price, shown.specialPrice, shown.finalPrice, shown.minimalPrice]).toEqual([type, 3.5, 2.1, 2.1, 2.1]);
      expect((await detail(product.id)).finalPrice).toBe(2.1);
      expect([type, await charged({ sku: product.sku })]).toEqual([type, { cart: 2.1, order: 2.1 }]);
    }
  });

  it('grouped products and bundles: editing a product they sell re-derives their price, which the cart charges', async () => {
    // A grouped product's "from" price is its cheapest member's.
    const [grouped] = await db().select().from(productLinks).where(eq(productLinks.linkType, 'grouped')).orderBy(asc(productLinks.productId)).limit(1);
    const [member] = await db().select().from(products).where(eq(products.id, grouped!.linkedProductId));
    await saveInAdmin(member!.id, { price_1: '0.40', special_1: '', qty: '20' });
    const group = await detail(grouped!.productId);
    expect(group.minimalPrice).toBe(0.4);
    expect((await listed(group.urlKey)).minimalPrice).toBe(0.4);
    expect(await charged({ sku: group.sku, groupedQuantities: { [member!.sku]: 1 } })).toEqual({ cart: 0.4, order: 0.4 });

    // A bundle's price is its cheapest complete choice: the cheapest in-stock selection of each required option.
    const [selection] = await db()
      .select({ bundleId: bundleOptions.productId, productId: bundleSelections.productId })
      .from(bundleSelections)
      .innerJoin(bundleOptions, eq(bundleOptions.id, bundleSelections.optionId))
      .where(eq(bundleOptions.isRequired, true))
      .orderBy(asc(bundleOptions.productId))
      .limit(1);
    await saveInAdmin(selection!.productId, { price_1: '0.30', special_1: '', qty: '20' });
    const bundle = await detail(selection!.bundleId);
    const skus = bundle.bundleOptions!.flatMap((o) => o.selections.map((s) => s.sku));
    const inStock = new Set(
      (await db().select({ sku: products.sku }).from(products).where(and(inArray(products.sku, skus), eq(products.stockStatus, 'in_stock')))).map((r) => r.sku),
    );
    const choice: Record<string, number[]> = {};
    let expected = 0;
    for (const option of bundle.bundleOptions!.filter((o) => o.required)) {
      const pick = option.selections.filter((s) => inStock.has(s.sku)).sort((a, b) => a.price! * a.defaultQty - b.price! * b.defaultQty)[0]!;
      choice[String(option.id)] = [pick.id];
      expected += pick.price! * pick.defaultQty;
    }
    expect(bundle.minimalPrice).toBeCloseTo(expected, 2);
    expect((await listed(bundle.urlKey)).minimalPrice).toBe(bundle.minimalPrice);
    expect(await charged({ sku: bundle.sku, bundleOptions: choice })).toEqual({ cart: bundle.minimalPrice, order: bundle.minimalPrice });
    // Both were marked updated, so an incremental sync picks them up.
    const rows = await db().select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(inArray(products.id, [group.id, bundle.id]));
    for (const row of rows) expect(row.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gift cards: no price is typed in; the listing shows the lowest amount the cart accepts', async () => {
    const [card] = await db().select().from(products).where(eq(products.type, 'giftcard')).orderBy(asc(products.id)).limit(1);
    const form = await saveInAdmin(card!.id, { qty: '100' });
    expect(form).not.toMatch(/name="price_\d+"/);
    const shown = await listed(card!.urlKey);
    const full = await detail(card!.id);
    expect(shown.minimalPrice).toBe(Math.min(...full.giftcardAmounts!, full.openAmountMin ?? Infinity));
    const giftcard = { amount: shown.minimalPrice, senderName: 'Ada', senderEmail: 'ada@example.com', recipientName: 'Bo', recipientEmail: 'bo@example.com' };
    expect(await charged({ sku: card!.sku, giftcard })).toEqual({ cart: shown.minimalPrice, order: shown.minimalPrice });
    const [price] = await db().select().from(productPrices).where(and(eq(productPrices.productId, card!.id), eq(productPrices.storeId, 1)));
    expect(price!.minimalPrice).toBe(shown.minimalPrice);
  });
});

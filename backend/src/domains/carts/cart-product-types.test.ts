import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { z } from 'zod';
import type { CartSchema } from './schemas.ts';
import type { OrderSchema } from '../checkout/schemas.ts';
import { bundleOptions as bundleOptionRows, bundleSelections, downloadableLinkPrices, giftcardPrices, giftcards, orders, paymentIntents, productPrices, products, stores } from '../../platform/db/schema/index.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { pageOf } from '../../../../contracts/collections.ts';
import { productDetailSchema, productListingSchema, type ProductDetail } from '../../../../contracts/product.ts';
import { amount, exactly } from '../../../test/helpers/contract.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { aSimpleProduct, shopper } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

type Cart = z.infer<typeof CartSchema>;
type Order = z.infer<typeof OrderSchema>;

const add = '/api/rest/v2/cart/items';

describe.each(dialects)('cart: bundle, downloadable, gift card and grouped products (%s)', (dialect) => {
  let shop: TestShop;
  const ofType = new Map<string, ProductDetail[]>();
  const first = (type: string) => {
    const product = ofType.get(type)?.[0];
    if (!product) throw new Error(`the test catalog has no ${type} product`);
    return product;
  };

  beforeAll(async () => {
    shop = await openTestShop(dialect);
    const { body } = await shop.get('/api/rest/v2/products?itemsPerPage=100');
    for (const listing of exactly(pageOf(productListingSchema), body).member) {
      if (listing.stockStatus !== 'in_stock') continue;
      const detail = exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${listing.id}`)).body);
      ofType.set(detail.type, [...(ofType.get(detail.type) ?? []), detail]);
    }
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  /** A new guest cart: its token header. */
  async function guest(): Promise<Record<string, string>> {
    return { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
  }

  const cartOf = async (headers: Record<string, string>) => (await shop.send<Cart>('GET', '/api/rest/v2/cart', { headers })).body;

  /** Each request must answer this status and code, name the field, and leave the cart as it was. */
  async function expectRefused(headers: Record<string, string>, cases: [unknown, number, string, string | undefined][]): Promise<void> {
    const before = await cartOf(headers);
    for (const [json, status, error, field] of cases) {
      const refused = await shop.send('POST', add, { json, headers });
      expect([refused.status, refused.body.error, (refused.body.details as { field?: string } | undefined)?.field], JSON.stringify(json)).toEqual([status, error, field]);
    }
    expect(await cartOf(headers)).toEqual(before);
  }

  it('sells a bundle at the sum of the chosen selections, labelled by option', async () => {
    const bundle = first('bundle');
    const options = bundle.bundleOptions!;
    // The first selection of every option (optional ones included), each counted at its quantity.
    const chosen = Object.fromEntries(options.map((o) => [String(o.id), [o.selections[0]!.id]]));
    const expected = options.reduce((sum, o) => sum + amount(o.selections[0]!.price) * o.selections[0]!.defaultQty, 0);
    const headers = await guest();
    const added = await shop.send<Cart>('POST', add, { json: { sku: bundle.sku, qty: 2, bundleOptions: chosen }, headers });
    expect(added.status).toBe(200);
    const [line] = added.body.items;
    expect(line).toMatchObject({ sku: bundle.sku, qty: 2, configuration: { type: 'bundle' } });
    expect(line!.price).toBeCloseTo(expected, 2);
    expect(line!.rowTotal).toBeCloseTo(expected * 2, 2);
    for (const option of options) expect(line!.options[option.title]).toContain(option.selections[0]!.name);
    // The same choice again adds to the line; another choice is a line of its own.
    await shop.send('POST', add, { json: { sku: bundle.sku, qty: 1, bundleOptions: chosen }, headers });
    const other = Object.fromEntries(options.filter((o) => o.required).map((o) => [String(o.id), [o.selections.at(-1)!.id]]));
    const both = await shop.send<Cart>('POST', add, { json: { sku: bundle.sku, qty: 1, bundleOptions: other }, headers });
    expect(both.body.items.map((l) => l.qty)).toEqual([3, 1]);
  });

  it('refuses a bundle with a missing, unknown or surplus selection, and writes nothing', async () => {
    const bundle = first('bundle');
    const options = bundle.bundleOptions!;
    const required = options.find((o) => o.required && o.type === 'radio') ?? options.find((o) => o.required)!;
    const complete = Object.fromEntries(options.filter((o) => o.required).map((o) => [String(o.id), [o.selections[0]!.id]]));
    const elsewhere = options.find((o) => o.id !== required.id)!.selections[0]!.id;
    const field = `bundleOptions.${required.id}`;
    await expectRefused(await guest(), [
      [{ sku: bundle.sku, qty: 1 }, 400, 'bundle_option_required', field],
      [{ sku: bundle.sku, qty: 1, bundleOptions: { ...complete, [required.id]: [] } }, 400, 'bundle_option_required', field],
      [{ sku: bundle.sku, qty: 1, bundleOptions: { ...complete, [required.id]: [999_999] } }, 400, 'invalid_bundle_selection', field],
      [{ sku: bundle.sku, qty: 1, bundleOptions: { ...complete, [required.id]: [elsewhere] } }, 400, 'invalid_bundle_selection', field],
      [{ sku: bundle.sku, qty: 1, bundleOptions: { ...complete, [required.id]: required.selections.map((s) => s.id) } }, 400, 'too_many_selections', field],
      [{ sku: bundle.sku, qty: 1, bundleOptions: { ...complete, 999999: [1] } }, 400, 'invalid_bundle_option', 'bundleOptions.999999'],
      [{ sku: bundle.sku, qty: 1, bundleOptions: { ...complete, x: [1] } }, 400, 'invalid_request', undefined],
    ]);
  });

  it('refuses a bundle with nothing chosen, even when no option is required or it has no options', async () => {
    const { db } = shop.database;
    const bundle = first('bundle');
    const options = await db.select().from(bundleOptionRows).where(eq(bundleOptionRows.productId, bundle.id));
    const selections = await db.select().from(bundleSelections).where(inArray(bundleSelections.optionId, options.map((o) => o.id)));
    onTestFinished(async () => {
      await db.delete(bundleOptionRows).where(eq(bundleOptionRows.productId, bundle.id));
      await db.insert(bundleOptionRows).values(options);
      await db.insert(bundleSelections).values(selections);
    });
    // Every option optional: choosing none would be a bundle of nothing, priced 0.
    await db.update(bundleOptionRows).set({ isRequired: false }).where(eq(bundleOptionRows.productId, bundle.id));
    const noneChosen = Object.fromEntries(options.map((o) => [String(o.id), []]));
    const headers = await guest();
    await expectRefused(headers, [
      [{ sku: bundle.sku, qty: 1 }, 400, 'bundle_selection_required', 'bundleOptions'],
      [{ sku: bundle.sku, qty: 1, bundleOptions: noneChosen }, 400, 'bundle_selection_required', 'bundleOptions'],
    ]);
    // A bundle left without options has nothing to sell.
    await db.delete(bundleOptionRows).where(eq(bundleOptionRows.productId, bundle.id));
    await expectRefused(headers, [[{ sku: bundle.sku, qty: 1, bundleOptions: {} }, 400, 'bundle_selection_required', 'bundleOptions']]);
  });

  it('sells a downloadable at its price plus the chosen links', async () => {
    const download = ofType.get('downloadable')!.find((p) => p.downloadableLinks!.length > 1) ?? first('downloadable');
    const links = download.downloadableLinks!;
    const headers = await guest();
    const all = await shop.send<Cart>('POST', add, { json: { sku: download.sku, qty: 1, links: links.map((l) => l.id) }, headers });
    expect(all.status).toBe(200);
    expect(all.body.items[0]!.price).toBeCloseTo(links.reduce((sum, l) => sum + amount(l.price), amount(download.finalPrice)), 2);
    expect(all.body.items[0]!.options).toEqual({ Downloads: links.map((l) => l.title).join(', ') });
    // Without a choice: the links that come with the product (priced 0).
    const included = links.filter((l) => l.price === 0);
    const plain = await shop.send<Cart>('POST', add, { json: { sku: download.sku, qty: 1 }, headers: await guest() });
    expect(plain.body.items[0]!.configuration).toEqual({ type: 'downloadable', linkIds: included.map((l) => l.id) });
    expect(plain.body.items[0]!.price).toBeCloseTo(amount(download.finalPrice), 2);
    await expectRefused(headers, [
      [{ sku: download.sku, qty: 1, links: [999_999] }, 400, 'invalid_link', 'links'],
      [{ sku: download.sku, qty: 1, links: [] }, 400, 'links_required', 'links'],
      [{ sku: download.sku, qty: 1, giftcard: { amount: 5, senderName: 'A', recipientName: 'B' } }, 400, 'choice_not_applicable', 'giftcard'],
    ]);
  });

  it('sells a gift card at the chosen amount, with its sender, recipient and message', async () => {
    const card = first('giftcard');
    await shop.database.db.update(giftcards).set({ giftcardType: 'virtual', allowOpenAmount: false }).where(eq(giftcards.productId, card.id));
    const amount = card.giftcardAmounts!.at(-1)!;
    const people = { senderName: 'Sam', senderEmail: 'sam@example.com', recipientName: 'Ada', recipientEmail: 'ada@example.com' };
    const headers = await guest();
    const added = await shop.send<Cart>('POST', add, { json: { sku: card.sku, qty: 2, giftcard: { amount, ...people, message: 'Happy birthday!' } }, headers });
    expect(added.status).toBe(200);
    expect(added.body.items[0]).toMatchObject({
      sku: card.sku,
      qty: 2,
      price: amount,
      rowTotal: amount * 2,
      options: { To: 'Ada (ada@example.com)', From: 'Sam (sam@example.com)', Message: 'Happy birthday!' },
    });
    // Another recipient is another card.
    const second = await shop.send<Cart>('POST', add, { json: { sku: card.sku, qty: 1, giftcard: { amount, ...people, recipientName: 'Bo' } }, headers });
    expect(second.body.items).toHaveLength(2);

    const noRecipientEmail = { ...people, recipientEmail: undefined };
    await expectRefused(headers, [
      [{ sku: card.sku, qty: 1 }, 400, 'giftcard_required', 'giftcard'],
      [{ sku: card.sku, qty: 1, giftcard: { amount: amount + 1, ...people } }, 400, 'invalid_amount', 'giftcard.amount'],
      [{ sku: card.sku, qty: 1, giftcard: { amount, ...noRecipientEmail } }, 400, 'recipient_email_required', 'giftcard.recipientEmail'],
    ]);
    // A physical card is posted: names are enough.
    await shop.database.db.update(giftcards).set({ giftcardType: 'physical' }).where(eq(giftcards.productId, card.id));
    const posted = await shop.send<Cart>('POST', add, { json: { sku: card.sku, qty: 1, giftcard: { amount, senderName: 'Sam', recipientName: 'Cy' } }, headers });
    expect(posted.status).toBe(200);
    expect(posted.body.items.at(-1)!.options).toEqual({ To: 'Cy', From: 'Sam' });
  });

  it('takes an open gift card amount within the range only', async () => {
    const card = first('giftcard');
    await shop.database.db.update(giftcards).set({ giftcardType: 'physical', allowOpenAmount: true }).where(eq(giftcards.productId, card.id));
    await shop.database.db.update(giftcardPrices).set({ openAmountMin: 20, openAmountMax: 500 }).where(eq(giftcardPrices.productId, card.id));
    const people = { senderName: 'Sam', recipientName: 'Ada' };
    const headers = await guest();
    const open = await shop.send<Cart>('POST', add, { json: { sku: card.sku, qty: 1, giftcard: { amount: 37.5, ...people } }, headers });
    expect([open.status, open.body.items[0]?.price]).toEqual([200, 37.5]);
    await expectRefused(headers, [
      [{ sku: card.sku, qty: 1, giftcard: { amount: 19.99, ...people } }, 400, 'invalid_amount', 'giftcard.amount'],
      [{ sku: card.sku, qty: 1, giftcard: { amount: 500.01, ...people } }, 400, 'invalid_amount', 'giftcard.amount'],
      [{ sku: card.sku, qty: 1, giftcard: { amount: 25.005, ...people } }, 400, 'invalid_amount', 'giftcard.amount'],
    ]);
  });

  it('adds the members of a grouped product together, or none of them', async () => {
    const group = ofType.get('grouped')!.find((g) => g.groupedProducts!.filter((m) => m.stockStatus === 'in_stock').length >= 2)!;
    const [a, b] = group.groupedProducts!.filter((m) => m.stockStatus === 'in_stock');
    const headers = await guest();
    const added = await shop.send<Cart>('POST', add, { json: { sku: group.sku, qty: 1, groupedQuantities: { [a!.sku]: 2, [b!.sku]: 1 } }, headers });
    expect(added.status).toBe(200);
    expect(added.body.items).toMatchObject([
      { sku: a!.sku, qty: 2, price: a!.finalPrice, parentSku: group.sku },
      { sku: b!.sku, qty: 1, price: b!.finalPrice, parentSku: group.sku },
    ]);
    // More of b than there is: a is not added either.
    const [stock] = await shop.database.db.select({ qty: products.qty }).from(products).where(eq(products.id, b!.id));
    await expectRefused(headers, [
      [{ sku: group.sku, qty: 1, groupedQuantities: { [a!.sku]: 1, [b!.sku]: stock!.qty } }, 409, 'insufficient_stock', undefined],
      [{ sku: group.sku, qty: 1, groupedQuantities: { [a!.sku]: 1, 'NOT-A-MEMBER': 1 } }, 400, 'invalid_grouped_item', 'groupedQuantities.NOT-A-MEMBER'],
      [{ sku: group.sku, qty: 1, groupedQuantities: { [a!.sku]: 0 } }, 400, 'grouped_quantities_required', 'groupedQuantities'],
      [{ sku: group.sku, qty: 1 }, 400, 'grouped_quantities_required', 'groupedQuantities'],
    ]);
  });

  it('keeps a member added through its group apart from the same product added on its own, in the cart and at login', async () => {
    const group = ofType.get('grouped')!.find((g) => g.groupedProducts!.some((m) => m.stockStatus === 'in_stock'))!;
    const member = group.groupedProducts!.find((m) => m.stockStatus === 'in_stock')!;
    const viaGroup = { sku: group.sku, qty: 1, groupedQuantities: { [member.sku]: 2 } };
    const headers = await guest();
    await shop.send('POST', add, { json: { sku: member.sku, qty: 1 }, headers });
    await shop.send('POST', add, { json: viaGroup, headers });
    const cart = await shop.send<Cart>('POST', add, { json: viaGroup, headers });
    expect(cart.body.items.map((l) => [l.sku, l.parentSku, l.qty])).toEqual([
      [member.sku, null, 1],
      [member.sku, group.sku, 4],
    ]);
    // Signing in merges like with like: the customer's stand-alone line takes the guest's stand-alone one only.
    const customer = await bearerFor(shop, shopper);
    await shop.send('POST', add, { json: { sku: member.sku, qty: 1 }, headers: customer });
    const merged = await bearerFor(shop, shopper, headers);
    const lines = (await cartOf(merged)).items;
    expect(lines.map((l) => l.sku)).toEqual([member.sku, member.sku]);
    expect(new Map(lines.map((l) => [l.parentSku, l.qty]))).toEqual(
      new Map([
        [null, 2],
        [group.sku, 4],
      ]),
    );
  });

  it('refuses a choice that belongs to another product type', async () => {
    const simple = await aSimpleProduct(shop.database.db);
    await expectRefused(await guest(), [
      [{ sku: simple.sku, qty: 1, bundleOptions: { 1: [1] } }, 400, 'choice_not_applicable', 'bundleOptions'],
      [{ sku: simple.sku, qty: 1, links: [1] }, 400, 'choice_not_applicable', 'links'],
    ]);
  });

  it('checks out a bundle and a gift card; the order keeps what was chosen', async () => {
    const bundle = first('bundle');
    const card = first('giftcard');
    const headers = await guest();
    const bundleOptions = Object.fromEntries(bundle.bundleOptions!.filter((o) => o.required).map((o) => [String(o.id), [o.selections[0]!.id]]));
    const giftcard = { amount: card.giftcardAmounts![0]!, senderName: 'Sam', senderEmail: 'sam@example.com', recipientName: 'Ada', recipientEmail: 'ada@example.com' };
    await shop.send('POST', add, { json: { sku: bundle.sku, qty: 1, bundleOptions }, headers });
    const cart = await shop.send<Cart>('POST', add, { json: { sku: card.sku, qty: 1, giftcard }, headers });
    expect(cart.body.items).toHaveLength(2);
    const intent = await payCart(shop, headers);
    const placed = await shop.send<Order>('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent), headers: { ...headers, 'idempotency-key': 'types-1' } });
    expect(placed.status).toBe(201);
    expect(placed.body.subtotal).toBeCloseTo(cart.body.subtotal, 2);
    expect(placed.body.lines).toEqual(
      cart.body.items.map((line) => ({ sku: line.sku, name: line.name, options: line.options, configuration: line.configuration, qty: line.qty, price: line.price, rowTotal: line.rowTotal })),
    );
    expect(placed.body.lines[1]!.configuration).toMatchObject({ type: 'giftcard', recipientEmail: 'ada@example.com', amount: giftcard.amount });
  });

  it('refuses to order a line whose bundle part or download stopped being sold, and writes nothing', async () => {
    const { db } = shop.database;
    const [store] = await db.select().from(stores).where(eq(stores.code, 'default'));
    const bundle = first('bundle');
    const option = bundle.bundleOptions!.find((o) => o.required) ?? bundle.bundleOptions![0]!;
    const part = option.selections[0]!;
    const [{ partId }] = (await db.select({ partId: products.id }).from(products).where(eq(products.sku, part.sku))) as [{ partId: number }];
    const download = first('downloadable');
    const link = download.downloadableLinks![0]!;
    // Parts and links that cost nothing: losing one leaves the total, and so the payment, as it was.
    const [partPrice] = await db.select().from(productPrices).where(and(eq(productPrices.productId, partId), eq(productPrices.storeId, store!.id)));
    const [linkPrice] = await db.select().from(downloadableLinkPrices).where(and(eq(downloadableLinkPrices.linkId, link.id), eq(downloadableLinkPrices.storeId, store!.id)));
    onTestFinished(async () => {
      await db.update(productPrices).set(partPrice!).where(and(eq(productPrices.productId, partId), eq(productPrices.storeId, store!.id)));
      await db.update(products).set({ isEnabled: true }).where(eq(products.id, partId));
      await db.insert(downloadableLinkPrices).values(linkPrice!).onConflictDoUpdate({ target: [downloadableLinkPrices.linkId, downloadableLinkPrices.storeId], set: { price: linkPrice!.price } });
    });
    await db.update(productPrices).set({ price: 0, specialPrice: null }).where(and(eq(productPrices.productId, partId), eq(productPrices.storeId, store!.id)));
    await db.update(downloadableLinkPrices).set({ price: 0 }).where(and(eq(downloadableLinkPrices.linkId, link.id), eq(downloadableLinkPrices.storeId, store!.id)));

    const bundleOptions = Object.fromEntries(bundle.bundleOptions!.filter((o) => o.required || o.id === option.id).map((o) => [String(o.id), [o.selections[0]!.id]]));
    const headers = await guest();
    await shop.send('POST', add, { json: { sku: bundle.sku, qty: 1, bundleOptions }, headers });
    const cart = await shop.send<Cart>('POST', add, { json: { sku: download.sku, qty: 1, links: [link.id] }, headers });
    expect(cart.status).toBe(200);
    const [bundleLine, downloadLine] = cart.body.items;
    const intent = await payCart(shop, headers);

    const stockOf = async () => db.select({ id: products.id, qty: products.qty, stockStatus: products.stockStatus }).from(products).orderBy(products.id);
    const state = async () => ({
      orders: (await db.select({ n: count() }).from(orders))[0]!.n,
      stock: await stockOf(),
      intent: (await db.select({ status: paymentIntents.status }).from(paymentIntents).where(eq(paymentIntents.id, intent)))[0]!.status,
    });
    const placeOrder = (key: string) => shop.send('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent), headers: { ...headers, 'idempotency-key': key } });

    // The bundle's part is no longer sold.
    await db.update(products).set({ isEnabled: false }).where(eq(products.id, partId));
    expect((await cartOf(headers)).items.map((l) => [l.sku, l.available, l.complete])).toEqual([
      [bundle.sku, 0, false],
      [download.sku, downloadLine!.available, true],
    ]);
    const before = await state();
    const refused = await placeOrder('incomplete-1');
    expect([refused.status, refused.body.error, refused.body.details]).toEqual([409, 'cart_line_incomplete', { lines: [{ id: bundleLine!.id, sku: bundle.sku }] }]);
    expect(refused.body.message).toContain(bundle.sku);
    expect(await state()).toEqual(before);
    // Nor is a payment taken for it.
    const newIntent = await shop.send('POST', '/api/rest/v2/payment-intents', { json: { shippingMethod: 'flatrate', country: 'US' }, headers });
    expect([newIntent.status, newIntent.body.error]).toEqual([409, 'cart_line_incomplete']);

    // The part is back; the download's link is no longer sold in this store.
    await db.update(products).set({ isEnabled: true }).where(eq(products.id, partId));
    await db.delete(downloadableLinkPrices).where(and(eq(downloadableLinkPrices.linkId, link.id), eq(downloadableLinkPrices.storeId, store!.id)));
    const droppedLink = await placeOrder('incomplete-2');
    expect([droppedLink.status, droppedLink.body.error, droppedLink.body.details]).toEqual([409, 'cart_line_incomplete', { lines: [{ id: downloadLine!.id, sku: download.sku }] }]);
    expect(await state()).toEqual(before);
    expect((await cartOf(headers)).items).toHaveLength(2);
  });
});

/**
 * Quick order and reorder (DECISIONS.md 60) over HTTP: `POST /cart/items/bulk` adds every line that
 * can be bought in one transaction and answers each line's outcome; `POST /cart/reorder/{number}`
 * refills the caller's cart from one of their own orders. B2B Access is on, so hidden and blocked
 * products come through the same hooks as a single add.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkCartAnswerSchema, type BulkCartAnswer } from '../../../../contracts/bulk-cart.ts';
import { cartSchema, type Cart } from '../../../../contracts/cart.ts';
import { pageOf } from '../../../../contracts/collections.ts';
import { productDetailSchema, productListingSchema, type ProductDetail } from '../../../../contracts/product.ts';
import { products } from '../../platform/db/schema/index.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { exactly } from '../../../test/helpers/contract.ts';
import { aConfigurableChoice, aSimpleProduct, shopper, tradeBuyer } from '../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { dialects, type ErrorAnswer } from '../../../test/helpers/test-shop.ts';
import { leaf, openAccessShop, tree, type AccessShop } from '../../modules/b2b-access/test/access-shop.ts';

type Headers = Record<string, string>;
const bulk = '/api/rest/v2/cart/items/bulk';

describe.each(dialects)('quick order and reorder (%s)', (dialect) => {
  let access: AccessShop;
  const shop = () => access.shop;
  const db = () => access.shop.database.db;

  /** A new guest cart: its token header. */
  const guest = async (): Promise<Headers> => ({ 'x-cart-token': (await shop().send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! });
  const cartOf = async (headers: Headers) => exactly(cartSchema, (await shop().send<Cart>('GET', '/api/rest/v2/cart', { headers })).body);
  const addInBulk = async (items: unknown, headers: Headers) => {
    const answer = await shop().send<BulkCartAnswer & ErrorAnswer>('POST', bulk, { json: { items }, headers });
    return answer.status === 200 ? { ...answer, body: exactly(bulkCartAnswerSchema, answer.body) } : answer;
  };
  /** SKUs of the test catalog sold on their own, in stock (simple and virtual products, variants). */
  const sellableSkus = async () =>
    (
      await db()
        .select({ sku: products.sku })
        .from(products)
        .where(and(inArray(products.type, ['simple', 'virtual']), eq(products.isEnabled, true), eq(products.stockStatus, 'in_stock'), gt(products.qty, 5)))
        .orderBy(asc(products.id))
    ).map((row) => row.sku);

  beforeAll(async () => {
    access = await openAccessShop(dialect, { enabled: true, mode: 'rules' });
  });
  afterAll(async () => {
    expect(access.shop.loggedErrors).toEqual([]);
    await access.shop.close();
  });

  it('adds the valid lines and answers each refused one as a single add would, without telling hidden from unknown', async () => {
    const [plain, other, blocked, hidden] = await Promise.all([0, 1, 2, 3].map((offset) => aSimpleProduct(db(), offset)));
    const { parent, variant, options } = await aConfigurableChoice(db());
    const blockRule = await access.addRule({ name: 'Blocked for guests', priority: 10, scope: { customerGroupIds: [0] }, conditions: tree(leaf('sku', '==', blocked!.sku)), actions: { blockPurchase: true } });
    const hideRule = await access.addRule({ name: 'Hidden from guests', priority: 20, scope: { customerGroupIds: [0] }, conditions: tree(leaf('sku', '==', hidden!.sku)), actions: { hideFromListings: true }, enforcement: 'visibility' });
    try {
      const headers = await guest();
      const added = await addInBulk(
        [
          { sku: plain!.sku, qty: 2 },
          { sku: 'NO-SUCH-SKU', qty: 1 },
          { sku: hidden!.sku, qty: 1 },
          { sku: blocked!.sku, qty: 1 },
          { sku: other!.sku, qty: other!.qty + 1 },
          { sku: parent.sku, qty: 1 },
          { sku: variant.sku, qty: 1 },
          // The same SKU again: one line of 3.
          { sku: ` ${plain!.sku} `, qty: 1 },
        ],
        headers,
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.lines.map(({ sku, qty, status, code }) => [sku, qty, status, code])).toEqual([
        [plain!.sku, 3, 'added', undefined],
        ['NO-SUCH-SKU', 1, 'refused', 'product_not_found'],
        [hidden!.sku, 1, 'refused', 'product_not_found'],
        [blocked!.sku, 1, 'refused', 'purchase_blocked'],
        [other!.sku, other!.qty + 1, 'refused', 'insufficient_stock'],
        [parent.sku, 1, 'refused', 'options_required'],
        [variant.sku, 1, 'added', undefined],
      ]);
      // Hidden reads exactly as unknown: the same words, only the SKU differs.
      const message = (sku: string) => added.body.lines.find((line) => line.sku === sku)!.message!.replace(sku, '<sku>');
      expect(message(hidden!.sku)).toBe(message('NO-SUCH-SKU'));
      // The single add answers the same codes, line by line.
      for (const [sku, status, code] of [[hidden!.sku, 404, 'product_not_found'], [blocked!.sku, 403, 'purchase_blocked']] as const) {
        const single = await shop().send('POST', '/api/rest/v2/cart/items', { json: { sku, qty: 1 }, headers });
        expect([single.status, single.body.error]).toEqual([status, code]);
      }
      // A variant by its own SKU is the configurable's variant, as if picked on its page.
      expect(added.body.cart.items.map(({ sku, qty, parentSku }) => [sku, qty, parentSku])).toEqual([
        [plain!.sku, 3, null],
        [variant.sku, 1, parent.sku],
      ]);
      expect(Object.keys(added.body.cart.items[1]!.options).sort()).toEqual(Object.keys(options).sort());
      expect(await cartOf(headers)).toEqual(added.body.cart);
      expect(added.headers.get('cache-control')).toBe('no-store');

      // Again: adds to the lines the cart holds; the variant picked on its configurable is the same line.
      await shop().send('POST', '/api/rest/v2/cart/items', { json: { sku: parent.sku, qty: 1, options }, headers });
      const again = await addInBulk([{ sku: plain!.sku, qty: 1 }], headers);
      expect(again.body.cart.items.map(({ sku, qty }) => [sku, qty])).toEqual([
        [plain!.sku, 4],
        [variant.sku, 2],
      ]);
    } finally {
      await access.deleteRule(blockRule.id);
      await access.deleteRule(hideRule.id);
    }
  });

  it('adds 1,000 lines in one transaction, and writes nothing when the write fails midway', async () => {
    const skus = await sellableSkus();
    const items = [...skus.map((sku) => ({ sku, qty: 1 })), ...Array.from({ length: 1000 - skus.length }, (_, i) => ({ sku: `MISSING-${i}`, qty: 1 }))];
    expect(items).toHaveLength(1000);
    const headers = await guest();
    const added = await addInBulk(items, headers);
    expect(added.status, JSON.stringify(added.body).slice(0, 500)).toBe(200);
    expect(added.body.lines).toHaveLength(1000);
    expect(added.body.lines.filter((line) => line.status === 'added').map((line) => line.sku)).toEqual(skus);
    expect(new Set(added.body.lines.filter((line) => line.status === 'refused').map((line) => line.code))).toEqual(new Set(['product_not_found']));
    expect(added.body.cart.itemsQty).toBe(skus.length);

    // The database refuses the last new line: every line of the request, the increase of one the
    // cart already held included, is rolled back with it.
    const fresh = await guest();
    await addInBulk([{ sku: skus[0]!, qty: 1 }], fresh);
    const before = await cartOf(fresh);
    const [last] = await db().select({ id: products.id }).from(products).where(eq(products.sku, skus.at(-1)!));
    await db().execute(sql.raw(`create function refuse_test_line() returns trigger language plpgsql as $$ begin if new.product_id = ${last!.id} then raise exception 'the test refuses this line'; end if; return new; end $$`));
    await db().execute(sql`create trigger refuse_test_line before insert on cart_items for each row execute function refuse_test_line()`);
    try {
      const failed = await shop().send('POST', bulk, { json: { items }, headers: fresh });
      expect(failed.status).toBe(500);
      expect(await cartOf(fresh)).toEqual(before);
    } finally {
      await db().execute(sql`drop trigger refuse_test_line on cart_items`);
      await db().execute(sql`drop function refuse_test_line()`);
      // The failure above is the one this test causes.
      access.shop.loggedErrors.splice(0);
    }
  });

  it('refuses malformed input with a 400 naming the line, and writes nothing', async () => {
    const headers = await guest();
    const product = await aSimpleProduct(db());
    await addInBulk([{ sku: product.sku, qty: 1 }], headers);
    const before = await cartOf(headers);
    const valid = { sku: product.sku, qty: 1 };
    const cases: [unknown, string][] = [
      [undefined, 'items'],
      [[], 'items'],
      [Array.from({ length: 1001 }, () => valid), 'items'],
      [[valid, { sku: '', qty: 1 }], 'items.1.sku'],
      [[valid, valid, { sku: 'X', qty: 0 }], 'items.2.qty'],
      [[{ sku: 'X', qty: 1.5 }], 'items.0.qty'],
      [[{ sku: 'X', qty: '2' }], 'items.0.qty'],
      [[{ sku: 'X', qty: 10_001 }], 'items.0.qty'],
      [[{ sku: 'X' }], 'items.0.qty'],
      [[{ sku: 'X'.repeat(65), qty: 1 }], 'items.0.sku'],
      [['X,1'], 'items.0'],
      // Two lines of one SKU over one line's limit: named where the sum crosses it.
      [[{ sku: 'X', qty: 6000 }, valid, { sku: 'X', qty: 5000 }], 'items.2.qty'],
    ];
    for (const [items, field] of cases) {
      const refused = await shop().send('POST', bulk, { json: items === undefined ? {} : { items }, headers });
      expect([refused.status, refused.body.error], JSON.stringify(items)?.slice(0, 80)).toEqual([400, 'invalid_request']);
      expect((refused.body.details as { field: string }[]).map((d) => d.field)).toContain(field);
    }
    expect((await shop().send('POST', bulk, { json: { items: [valid] }, headers: { 'x-cart-token': 'short' } })).status).toBe(400);
    expect(await cartOf(headers)).toEqual(before);
  });

  it('orders again from the caller\'s own order only, keeping what each line was bought with', async () => {
    const buyer = await bearerFor(shop(), shopper);
    const simple = await aSimpleProduct(db(), 4);
    const { parent, variant, options } = await aConfigurableChoice(db());
    const listing = exactly(pageOf(productListingSchema), (await shop().get('/api/rest/v2/products?itemsPerPage=100', buyer)).body).member;
    const detailOf = async (type: string) => {
      const card = listing.find((product) => product.type === type && product.stockStatus === 'in_stock')!;
      return exactly(productDetailSchema, (await shop().get(`/api/rest/v2/products/${card.id}`, buyer)).body) as ProductDetail;
    };
    const [bundle, card] = [await detailOf('bundle'), await detailOf('giftcard')];
    const bundleOptions = Object.fromEntries(bundle.bundleOptions!.filter((o) => o.required).map((o) => [String(o.id), [o.selections[0]!.id]]));
    const giftcard = { amount: card.giftcardAmounts![0]!, senderName: 'Sam', senderEmail: 'sam@example.com', recipientName: 'Ada', recipientEmail: 'ada@example.com' };
    for (const json of [{ sku: simple.sku, qty: 2 }, { sku: parent.sku, qty: 1, options }, { sku: bundle.sku, qty: 1, bundleOptions }, { sku: card.sku, qty: 1, giftcard }]) {
      const added = await shop().send('POST', '/api/rest/v2/cart/items', { json, headers: buyer });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const bought = await cartOf(buyer);
    const intent = await payCart(shop(), buyer);
    const placed = await shop().send<{ number: string }>('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent, shopper.email), headers: { ...buyer, 'idempotency-key': 'reorder-1' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number = placed.body.number;
    expect((await cartOf(buyer)).items).toEqual([]);

    const again = await shop().send<BulkCartAnswer>('POST', `/api/rest/v2/cart/reorder/${number}`, { headers: buyer });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const answer = exactly(bulkCartAnswerSchema, again.body);
    expect(answer.lines.map(({ sku, qty, status, code }) => [sku, qty, status, code])).toEqual([
      [simple.sku, 2, 'added', undefined],
      [variant.sku, 1, 'added', undefined],
      [bundle.sku, 1, 'added', undefined],
      [card.sku, 1, 'refused', 'options_required'],
    ]);
    const kept = (cart: Cart) => cart.items.filter((line) => line.sku !== card.sku).map(({ sku, parentSku, options: labels, configuration, qty }) => ({ sku, parentSku, labels, configuration, qty }));
    expect(kept(answer.cart)).toEqual(kept(bought));

    // Another customer, a guest, an unknown number: the same 404, and nothing added anywhere.
    const other = await bearerFor(shop(), tradeBuyer);
    const othersCart = await cartOf(other);
    const guestHeaders = await guest();
    for (const [path, headers] of [
      [`/api/rest/v2/cart/reorder/${number}`, other],
      [`/api/rest/v2/cart/reorder/${number}`, guestHeaders],
      [`/api/rest/v2/cart/reorder/${number}`, {}],
      ['/api/rest/v2/cart/reorder/999999999', buyer],
    ] as const) {
      const refused = await shop().send('POST', path, { headers });
      expect([refused.status, refused.body.error, refused.body.message], path).toEqual([404, 'order_not_found', `You have no order ${path.split('/').at(-1)}.`]);
    }
    expect(await cartOf(other)).toEqual(othersCart);
    expect((await cartOf(guestHeaders)).items).toEqual([]);
    expect((await shop().send('POST', '/api/rest/v2/cart/reorder/abc', { headers: buyer })).status).toBe(400);
  });
});

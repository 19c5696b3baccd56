import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../../../platform/db/schema/index.ts';
import { adminBearer, signedInAdmin } from '../../../../test/helpers/admin-session.ts';
import { parsePage, textOf } from '../../../../test/helpers/html.ts';
import { aSimpleProduct, shopper, tradeBuyer, usAddress } from '../../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type ErrorAnswer, type TestShop } from '../../../../test/helpers/test-shop.ts';
import b2bPricing from '../index.ts';
import { formatMoney } from '../../../platform/money.ts';

type Headers = Record<string, string>;
interface Method {
  code: string;
  title: string;
  kind: 'card' | 'on_account';
}
interface Order {
  id: number;
  number: string;
  status: string;
  paymentMethod: string;
  grandTotal: number;
  purchaseOrder: { poNumber: string; paymentDueAt: string } | null;
}
interface Account {
  creditLimit: number | null;
  openTotal: number;
  available: number | null;
  openPurchaseOrders: { orderNumber: string; poNumber: string; amount: number; paidAt: string | null }[];
}

const pricing = '/api/rest/v2/admin/b2b-pricing';

/**
 * Payment terms (DECISIONS.md 60): the buyers of a company with terms pay by purchase order, a PO
 * number required; the order waits in pending with its amount due on net days, and is refused with
 * 402 `credit_limit` when the company's unpaid purchase orders would pass its limit.
 */
describe.each(dialects)('B2B Pricing: purchase orders on payment terms (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Headers;
  let buyer: Headers;
  let colleague: Headers;
  let general: Headers;
  let noTerms: Headers;
  let companyId: number;
  let etag: string;
  let product: { id: number; sku: string };
  // A second product, so two concurrent orders share no stock row (whose lock would line them up anyway).
  let other: { id: number; sku: string };

  const methods = async (headers: Headers, store = 'default') => {
    const answer = await shop.send<{ member: Method[] }>('GET', '/api/rest/v2/payment-methods', { headers: { ...headers, 'X-Store-Code': store } });
    return { answer, codes: answer.body.member.map((method) => method.code) };
  };
  const fill = async (headers: Headers, qty: number, sku = product.sku) => {
    const cart = (await shop.send<{ items: { id: number }[] }>('GET', '/api/rest/v2/cart', { headers })).body;
    for (const item of cart.items) await shop.send('DELETE', `/api/rest/v2/cart/items/${item.id}`, { headers });
    const added = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku, qty }, headers });
    expect(added.status).toBe(200);
  };
  const placeOnAccount = (headers: Headers, body: Record<string, unknown> = { poNumber: 'PO-1' }) =>
    shop.send<Order & ErrorAnswer>('POST', '/api/rest/v2/checkout/place-order', {
      json: { shippingAddress: usAddress, shippingMethod: 'flatrate', paymentMethod: 'purchase_order', ...body },
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    });
  const account = async () => (await shop.send<Account>('GET', `${pricing}/companies/${companyId}/account`, { headers: admin })).body;
  const setLimit = async (creditLimit: number) => {
    const patched = await shop.send('PATCH', `${pricing}/companies/${companyId}`, { json: { paymentTerms: { netDays: 30, creditLimit } }, headers: { ...admin, 'If-Match': etag } });
    expect(patched.status).toBe(200);
    etag = patched.headers.get('ETag')!;
  };
  const stockOf = async () => (await shop.database.db.select({ qty: products.qty }).from(products).where(eq(products.id, product.id)))[0]!.qty;
  const signUp = async (email: string) => {
    const credentials = { email, password: 'Colleague#2026-pass', firstName: 'Co', lastName: 'Worker' };
    const created = await shop.send<{ id: number }>('POST', '/api/rest/v2/customers', { json: credentials });
    return { id: created.body.id, headers: await bearerFor(shop, credentials) };
  };

  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [b2bPricing] });
    admin = await adminBearer(shop);
    buyer = await bearerFor(shop, tradeBuyer);
    general = await bearerFor(shop, shopper);
    const colleagueAccount = await signUp('colleague@terms.example');
    const noTermsAccount = await signUp('cash@terms.example');
    colleague = colleagueAccount.headers;
    noTerms = noTermsAccount.headers;
    const row = await aSimpleProduct(shop.database.db);
    const second = await aSimpleProduct(shop.database.db, 1);
    product = { id: row.id, sku: row.sku };
    other = { id: second.id, sku: second.sku };
    for (const { id } of [product, other]) await shop.send('PATCH', `/api/rest/v2/admin/products/${id}`, { json: { stockQty: 1000, price: 100 }, headers: admin });
    await shop.send('PUT', `${pricing}/config`, { json: { enabled: true }, headers: admin });
    const company = await shop.send<{ id: number }>('POST', `${pricing}/companies`, {
      json: { name: 'Harbour Cafés', paymentTerms: { netDays: 30, creditLimit: 1000 }, buyers: [{ customerId: 2, role: 'admin' }, { customerId: colleagueAccount.id, role: 'buyer' }] },
      headers: admin,
    });
    expect(company.status).toBe(201);
    companyId = company.body.id;
    etag = company.headers.get('ETag')!;
    const cash = await shop.send('POST', `${pricing}/companies`, { json: { name: 'Cash Only', paymentTerms: null, buyers: [{ customerId: noTermsAccount.id, role: 'admin' }] }, headers: admin });
    expect(cash.status).toBe(201);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('says in discovery that checkout offers payment terms', async () => {
    const discovery = await shop.get('/api/rest/v2/b2b/pricing/config');
    expect(discovery.body).toMatchObject({ enabled: true, paymentTerms: true });
  });

  it('offers the purchase order only to buyers of a company with terms, in the store view of the limit\'s currency, never from a shared cache', async () => {
    const mine = await methods(buyer);
    expect(mine.answer.body.member.find((method) => method.code === 'purchase_order')).toEqual({
      code: 'purchase_order',
      title: 'Purchase order (net 30 days)',
      kind: 'on_account',
      publishableKey: null,
      isDefault: false,
    });
    expect(mine.answer.body.member[0]).toMatchObject({ kind: 'card', isDefault: true });
    expect(mine.answer.headers.get('Cache-Control')).toContain('no-store');
    expect(mine.answer.headers.get('Vary')).toContain('Authorization');
    expect((await methods(colleague)).codes).toContain('purchase_order');
    for (const other of [{}, general, noTerms]) expect((await methods(other)).codes).not.toContain('purchase_order');
    // The limit is in the default store view's dollars; the Australian store view sells in AUD.
    expect((await methods(buyer, 'au')).codes).not.toContain('purchase_order');
  });

  it('places a purchase order: pending, its PO number and due date on the order, its amount owed by the company', async () => {
    await fill(buyer, 2);
    const stockBefore = await stockOf();
    const placed = await placeOnAccount(buyer, { poNumber: '  PO-2026-0042 ' });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: 'pending', paymentMethod: 'purchase_order', purchaseOrder: { poNumber: 'PO-2026-0042' } });
    const due = Date.parse(placed.body.purchaseOrder!.paymentDueAt);
    expect(Math.abs(due - (Date.now() + 30 * 86_400_000))).toBeLessThan(120_000);
    expect(await stockOf()).toBe(stockBefore - 2);
    const mine = await shop.send<{ member: Order[] }>('GET', '/api/rest/v2/customers/me/orders', { headers: buyer });
    expect(mine.body.member[0]).toMatchObject({ number: placed.body.number, purchaseOrder: { poNumber: 'PO-2026-0042' } });
    const owed = await account();
    expect(owed).toMatchObject({ creditLimit: 1000, openTotal: placed.body.grandTotal, available: 1000 - placed.body.grandTotal });
    expect(owed.openPurchaseOrders).toEqual([expect.objectContaining({ orderNumber: placed.body.number, poNumber: 'PO-2026-0042', amount: placed.body.grandTotal, paidAt: null })]);
    // Net terms: the goods ship before the money comes in.
    const shipped = await shop.send<Order>('POST', `/api/rest/v2/admin/orders/${placed.body.id}/ship`, { json: {}, headers: admin });
    expect(shipped.status).toBe(200);
    expect(shipped.body.status).toBe('complete');
  });

  it('refuses a purchase order without its number, to a caller without terms, and a card payment without its intent, writing nothing', async () => {
    await fill(buyer, 1);
    const stockBefore = await stockOf();
    const owedBefore = (await account()).openTotal;
    const noNumber = await placeOnAccount(buyer, {});
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.details).toEqual([expect.objectContaining({ field: 'poNumber' })]);
    const blank = await placeOnAccount(buyer, { poNumber: '   ' });
    expect(blank.status).toBe(400);
    const tooLong = await placeOnAccount(buyer, { poNumber: 'P'.repeat(65) });
    expect(tooLong.status).toBe(400);
    const card = await shop.send<ErrorAnswer>('POST', '/api/rest/v2/checkout/place-order', {
      json: { shippingAddress: usAddress, shippingMethod: 'flatrate', paymentMethod: 'test' },
      headers: { ...buyer, 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(card.status).toBe(400);
    expect(card.body.details).toEqual([expect.objectContaining({ field: 'paymentIntentId' })]);
    for (const other of [general, noTerms]) {
      await fill(other, 1);
      const refused = await placeOnAccount(other);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('payment_method_unavailable');
    }
    const guestCart = await shop.send<{ cartToken?: string }>('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 } });
    const token = guestCart.headers.get('X-Cart-Token') ?? guestCart.body.cartToken ?? '';
    const guest = await placeOnAccount({ 'X-Cart-Token': token }, { poNumber: 'PO-1', email: 'guest@example.com' });
    expect(guest.status).toBe(400);
    expect(guest.body.error).toBe('payment_method_unavailable');
    expect(await stockOf()).toBe(stockBefore - 0);
    expect((await account()).openTotal).toBe(owedBefore);
  });

  it('refuses with 402 credit_limit an order that would pass the limit, leaving the stock and the cart as they were', async () => {
    const owed = (await account()).openTotal;
    await setLimit(owed + 150);
    await fill(buyer, 2);
    const stockBefore = await stockOf();
    const over = await placeOnAccount(buyer, { poNumber: 'PO-OVER' });
    expect(over.status).toBe(402);
    expect(over.body.error).toBe('credit_limit');
    expect(over.body.details).toMatchObject({ creditLimit: owed + 150, openTotal: owed, available: 150 });
    expect(over.body.message).toContain('$150.00 is available');
    expect(await stockOf()).toBe(stockBefore);
    const cart = await shop.send<{ items: unknown[] }>('GET', '/api/rest/v2/cart', { headers: buyer });
    expect(cart.body.items).toHaveLength(1);
    expect((await account()).openTotal).toBe(owed);
  });

  it('lets only one of two concurrent purchase orders through when together they would pass the limit', async () => {
    const owed = (await account()).openTotal;
    await fill(buyer, 1);
    await fill(colleague, 1, other.sku);
    // One order is 100 + shipping; the limit leaves room for one of them, not two.
    await setLimit(owed + 150);
    const both = await Promise.all([placeOnAccount(buyer, { poNumber: 'PO-A' }), placeOnAccount(colleague, { poNumber: 'PO-B' })]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 402]);
    const placed = both.find((answer) => answer.status === 201)!;
    expect((await account()).openTotal).toBe(owed + placed.body.grandTotal);
  });

  it('gives credit back when an order is canceled or its payment recorded; a payment is recorded once', async () => {
    const before = await account();
    const [first, second] = before.openPurchaseOrders;
    const firstOrder = (await shop.send<{ member: Order[] }>('GET', '/api/rest/v2/admin/orders', { headers: admin })).body.member.find((order) => order.number === first!.orderNumber)!;
    const paid = await shop.send<{ paidAt: string | null }>('POST', `${pricing}/purchase-orders/${firstOrder.id}/payment`, { headers: admin });
    expect(paid.status).toBe(200);
    expect(paid.body.paidAt).not.toBeNull();
    const again = await shop.send<ErrorAnswer>('POST', `${pricing}/purchase-orders/${firstOrder.id}/payment`, { headers: admin });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already_paid');
    const afterPayment = await account();
    expect(afterPayment.openTotal).toBeCloseTo(before.openTotal - first!.amount, 2);
    const secondOrder = (await shop.send<{ member: Order[] }>('GET', '/api/rest/v2/admin/orders', { headers: admin })).body.member.find((order) => order.number === second!.orderNumber)!;
    const canceled = await shop.send('POST', `/api/rest/v2/admin/orders/${secondOrder.id}/cancel`, { json: {}, headers: admin });
    expect(canceled.status).toBe(200);
    expect((await account()).openTotal).toBeCloseTo(afterPayment.openTotal - second!.amount, 2);
    const unknown = await shop.send<ErrorAnswer>('POST', `${pricing}/purchase-orders/999999/payment`, { headers: admin });
    expect(unknown.status).toBe(404);
    const guestTry = await shop.send('POST', `${pricing}/purchase-orders/${firstOrder.id}/payment`, { headers: buyer });
    expect(guestTry.status).toBe(403);
  });

  it('shows the company\'s account on its admin page and records a payment there, asking once first', async () => {
    await fill(buyer, 1);
    await setLimit(10_000);
    const placed = await placeOnAccount(buyer, { poNumber: 'PO-PAGE-7' });
    expect(placed.status).toBe(201);
    const browser = await signedInAdmin(shop);
    const editor = `/admin/b2b-pricing/companies/${companyId}`;
    const page = await browser.request('GET', editor);
    const owed = await account();
    expect(textOf(parsePage(page.html).one('[data-company-account]'))).toContain(`Owes ${formatMoney(owed.openTotal, 'USD')} on ${owed.openPurchaseOrders.length} unpaid purchase orders of a $10,000.00 credit limit`);
    expect(textOf(parsePage(page.html).one(`tr[data-purchase-order="${placed.body.number}"]`))).toContain('PO-PAGE-7');
    const action = `${editor}/purchase-orders/${placed.body.id}/payment`;
    const asked = await browser.submit(editor, action, {});
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Record the payment of purchase order PO-PAGE-7?');
    expect((await account()).openPurchaseOrders.map((po) => po.poNumber)).toContain('PO-PAGE-7');
    const done = await browser.submit(editor, action, { confirmed: 'yes' });
    expect(done.status).toBe(303);
    expect((await account()).openPurchaseOrders.map((po) => po.poNumber)).not.toContain('PO-PAGE-7');
    const after = await browser.request('GET', editor);
    expect(after.html).toContain('Recorded the payment of PO-PAGE-7');
  });

  it('keeps a company that still owes: delete answers 409 until its purchase orders are paid', async () => {
    const owed = await account();
    if (owed.openTotal === 0) {
      await fill(buyer, 1);
      await setLimit(10_000);
      expect((await placeOnAccount(buyer, { poNumber: 'PO-KEEP' })).status).toBe(201);
    }
    const refused = await shop.send<ErrorAnswer>('DELETE', `${pricing}/companies/${companyId}`, { headers: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('open_purchase_orders');
    expect((await shop.send('GET', `${pricing}/companies/${companyId}`, { headers: admin })).status).toBe(200);
  });
});

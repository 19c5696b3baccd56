/**
 * The orders admin API (issue 17, DECISIONS.md 42): list and search, an order's detail with its
 * payment and history, notes and cancel, HTTP in and out. Orders are placed through checkout: with
 * the test provider (captured at once) and with Stripe, for which a local server stands in for
 * api.stripe.com and leaves the payment authorized but not captured (`requires_capture`).
 */
import { formatMoney } from '../../platform/money.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../platform/db/schema/index.ts';
import { adminBearer, adminBrowser } from '../../../test/helpers/admin-session.ts';
import { parsePage, textOf } from '../../../test/helpers/html.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { aSimpleProduct, usAddress } from '../../../test/helpers/shop-data.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/helpers/stripe-standin.ts';
import { dialects, openTestShop, type ErrorAnswer, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Summary {
  id: number;
  number: string;
  status: string;
  email: string;
  customerName: string;
  grandTotal: number;
  createdAt: string;
}
interface Page {
  member: Summary[];
  totalItems: number;
  page: number;
  itemsPerPage: number;
}
interface Payment {
  provider: string;
  reference: string;
  amount: number;
  currency: string;
  status: string | null;
  refundedTotal: number;
  remaining: number;
  refunds: { id: string; amount: number; reason: string; createdBy: string }[];
}
interface Order {
  id: number;
  number: string;
  status: string;
  email: string;
  grandTotal: number;
  customerName: string;
  lines: { sku: string; qty: number }[];
  shippingAddress: { firstName: string; lastName: string };
  billingAddress: { firstName: string };
  payments: Payment[];
  history: { kind: string; message: string; actor: string }[];
  cancelRefusal: { error: string; message: string } | null;
}
interface Invalid {
  error: string;
  details: { field: string; message: string }[];
}

describe.each(dialects)('orders admin API (%s)', (dialect) => {
  let stripe: StripeStandIn;
  let shop: TestShop;
  let admin: { authorization: string };

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    shop = await openTestShop(dialect, { payments: { defaultProvider: 'test', stripe: stripe.settings } });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
    await stripe.close();
  });

  let placedCount = 0;
  /**
   * A guest order of `qty` units, its email at orders-api.example so the searches below see only
   * this file's orders. `captured`: paid with the test provider; `authorized`: a Stripe payment not
   * captured yet.
   */
  async function placeOrder(payment: 'captured' | 'authorized', who: { email: string; firstName: string; lastName: string }, qty = 1) {
    const product = await aSimpleProduct(shop.database.db);
    const headers = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty }, headers });
    let intentId: string;
    if (payment === 'captured') intentId = await payCart(shop, headers);
    else {
      intentId = (await shop.send<{ id: string }>('POST', '/api/rest/v2/payment-intents', { json: { shippingMethod: 'flatrate', country: 'US', provider: 'stripe' }, headers })).body.id;
      stripe.intents.get(intentId)!.status = 'requires_capture';
    }
    const placed = await shop.send<{ id: number; number: string; grandTotal: number }>('POST', '/api/rest/v2/checkout/place-order', {
      json: { ...placeOrderBody(intentId, who.email), shippingAddress: { ...usAddress, firstName: who.firstName, lastName: who.lastName }, paymentMethod: payment === 'captured' ? 'test' : 'stripe' },
      headers: { ...headers, 'idempotency-key': `orders-api-${++placedCount}` },
    });
    expect(placed.status).toBe(201);
    return { ...placed.body, productId: product.id, sku: product.sku, intentId };
  }

  const get = <T,>(path: string) => shop.send<T>('GET', `/api/rest/v2/admin/orders${path}`, { headers: admin });
  const post = <T,>(path: string, json?: unknown) => shop.send<T>('POST', `/api/rest/v2/admin/orders${path}`, { json, headers: admin });
  const stockOf = async (productId: number) => (await shop.send<{ stockQty: number }>('GET', `/api/rest/v2/admin/products/${productId}`, { headers: admin })).body.stockQty;
  const auditActions = async (orderId: number) =>
    (await shop.send<{ member: { action: string; subject: string }[] }>('GET', '/api/rest/v2/admin/audit-log?module=core&itemsPerPage=100', { headers: admin })).body.member
      .filter((entry) => entry.subject === `order:${orderId}`)
      .map((entry) => entry.action);
  const fieldsOf = (body: unknown) => (body as Invalid).details.map((detail) => detail.field);

  const ada = { email: 'ada@orders-api.example', firstName: 'Ada', lastName: 'Lovelace' };
  const grace = { email: 'grace.hopper@orders-api.example', firstName: 'Grace', lastName: 'Hopper' };
  let adaOrder: Awaited<ReturnType<typeof placeOrder>>;
  let graceOrders: Awaited<ReturnType<typeof placeOrder>>[];

  it('finds orders by number, email and name, any case', async () => {
    adaOrder = await placeOrder('captured', ada, 1);
    graceOrders = [await placeOrder('captured', grace, 2), await placeOrder('captured', grace, 3)];

    const byNumber = await get<Page>(`?q=${adaOrder.number}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.headers.get('cache-control')).toBe('no-store');
    expect(byNumber.body).toMatchObject({ totalItems: 1, page: 1, itemsPerPage: 20 });
    expect(byNumber.body.member[0]).toMatchObject({ id: adaOrder.id, number: adaOrder.number, status: 'processing', email: ada.email, customerName: 'Ada Lovelace', grandTotal: adaOrder.grandTotal });
    expect(byNumber.body.member[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const byEmail = await get<Page>('?q=GRACE.HOPPER@orders-api');
    // Newest first unless asked.
    expect(byEmail.body.member.map((order) => order.id)).toEqual([graceOrders[1]!.id, graceOrders[0]!.id]);
    expect((await get<Page>('?q=ada%20lovelace')).body.member.map((order) => order.id)).toEqual([adaOrder.id]);
    expect((await get<Page>('?q=lovelace')).body.totalItems).toBe(1);
    // Wildcards are searched for as they are.
    expect((await get<Page>('?q=%25')).body.totalItems).toBe(0);
    expect((await get<Page>('?q=orders-api.example')).body.totalItems).toBe(3);
  });

  it('filters by status and the days placed, sorts and pages', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const mine = '?q=orders-api.example';
    expect((await get<Page>(`${mine}&createdFrom=${today}&createdTo=${today}`)).body.totalItems).toBe(3);
    expect((await get<Page>(`${mine}&createdTo=2001-01-01`)).body.totalItems).toBe(0);
    expect((await get<Page>(`${mine}&createdFrom=2999-01-01`)).body.totalItems).toBe(0);
    expect((await get<Page>(`${mine}&status=processing`)).body.totalItems).toBe(3);
    expect((await get<Page>(`${mine}&status=complete`)).body.totalItems).toBe(0);

    const byTotal = (await get<Page>(`${mine}&sort=total`)).body.member.map((order) => order.grandTotal);
    expect(byTotal).toEqual([...byTotal].sort((a, b) => a - b));
    expect((await get<Page>(`${mine}&sort=-total`)).body.member.map((order) => order.grandTotal)).toEqual([...byTotal].reverse());

    const second = await get<Page>(`${mine}&sort=number&itemsPerPage=2&page=2`);
    expect(second.body).toMatchObject({ totalItems: 3, page: 2, itemsPerPage: 2 });
    expect(second.body.member.map((order) => order.id)).toEqual([graceOrders[1]!.id]);

    const bad = await get<Invalid>('?status=lost&createdFrom=yesterday&sort=drop&itemsPerPage=500&page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    expect(fieldsOf(bad.body).sort()).toEqual(['createdFrom', 'itemsPerPage', 'page', 'sort', 'status']);
    expect(fieldsOf((await get('?createdTo=2026-02-31')).body)).toEqual(['createdTo']);
    expect(fieldsOf((await get('?q=' + 'x'.repeat(101))).body)).toEqual(['q']);
    const backwards = await get<Invalid>('?createdFrom=2026-03-02&createdTo=2026-03-01');
    expect([backwards.status, fieldsOf(backwards.body)]).toEqual([400, ['createdTo']]);
  });

  it('answers an order with its lines, addresses, payment with what was refunded, and history', async () => {
    const detail = await get<Order>(`/${adaOrder.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: adaOrder.id, number: adaOrder.number, status: 'processing', email: ada.email, customerName: 'Ada Lovelace', history: [] });
    expect(detail.body.lines).toEqual([expect.objectContaining({ sku: adaOrder.sku, qty: 1 })]);
    expect(detail.body.shippingAddress).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(detail.body.billingAddress).toMatchObject({ firstName: 'Ada' });
    expect(detail.body.payments).toEqual([
      { provider: 'test', reference: adaOrder.intentId, amount: adaOrder.grandTotal, currency: 'USD', status: 'succeeded', refundedTotal: 0, remaining: adaOrder.grandTotal, refunds: [] },
    ]);

    const refund = await post<{ id: string }>(`/${adaOrder.id}/refunds`, { amount: 1.25, reason: 'Scratched box' });
    expect(refund.status).toBe(201);
    const after = (await get<Order>(`/${adaOrder.id}`)).body;
    expect(after.payments[0]).toMatchObject({ refundedTotal: 1.25, refunds: [{ id: refund.body.id, amount: 1.25, reason: 'Scratched box', createdBy: 'admin@example.com' }] });
    expect(after.payments[0]!.remaining).toBeCloseTo(adaOrder.grandTotal - 1.25, 2);
    expect(after.history).toEqual([expect.objectContaining({ kind: 'refund', actor: 'admin@example.com', message: `Refunded $1.25 (${refund.body.id}): Scratched box` })]);

    const authorized = await placeOrder('authorized', { email: 'auth@orders-api.example', firstName: 'Alan', lastName: 'Turing' });
    expect((await get<Order>(`/${authorized.id}`)).body.payments[0]).toMatchObject({ provider: 'stripe', reference: authorized.intentId, status: 'requires_capture', refundedTotal: 0, remaining: 0 });

    expect((await get<ErrorAnswer>('/2000000000')).body).toMatchObject({ error: 'order_not_found' });
    expect((await get('/2000000000')).status).toBe(404);
    const badId = await get<Invalid>('/twelve');
    expect([badId.status, fieldsOf(badId.body)]).toEqual([400, ['id']]);
  });

  it('adds notes to the history (audited), refusing an empty or too long one by its field', async () => {
    const added = await post<Order>(`/${graceOrders[0]!.id}/notes`, { message: '  Gift wrap, please.  ' });
    expect(added.status).toBe(201);
    expect(added.body.history.at(-1)).toMatchObject({ kind: 'note', message: 'Gift wrap, please.', actor: 'admin@example.com' });
    expect(await auditActions(graceOrders[0]!.id)).toContain('order.note_added');

    for (const json of [{ message: '   ' }, { message: 'x'.repeat(5001) }, {}]) {
      const refused = await post<Invalid>(`/${graceOrders[0]!.id}/notes`, json);
      expect([refused.status, refused.body.error, fieldsOf(refused.body)], JSON.stringify(json).slice(0, 40)).toEqual([400, 'invalid_request', ['message']]);
    }
    expect((await post(`/${graceOrders[0]!.id}/notes`, { message: 'Hi', note: 'unknown field' })).status).toBe(400);
    expect((await get<Order>(`/${graceOrders[0]!.id}`)).body.history.filter((entry) => entry.kind === 'note')).toHaveLength(1);
    expect((await post(`/2000000000/notes`, { message: 'Lost?' })).status).toBe(404);
  });

  it('cancels an order whose payment is only authorized: the authorization released at Stripe, items back in stock, history, audit; a second cancel is 409', async () => {
    const order = await placeOrder('authorized', { email: 'cancel@orders-api.example', firstName: 'Carl', lastName: 'Cancel' }, 2);
    const stockPlaced = await stockOf(order.productId);
    expect((await get<Order>(`/${order.id}`)).body.cancelRefusal).toBeNull();

    const tooLong = await post<Invalid>(`/${order.id}/cancel`, { reason: 'x'.repeat(1001) });
    expect([tooLong.status, fieldsOf(tooLong.body)]).toEqual([400, ['reason']]);
    expect((await get<Order>(`/${order.id}`)).body.status).toBe('processing');

    const canceled = await post<Order>(`/${order.id}/cancel`, { reason: 'Out of stock' });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', cancelRefusal: { error: 'not_cancelable' } });
    expect(canceled.body.history.at(-1)).toMatchObject({ kind: 'canceled', message: 'Out of stock', actor: 'admin@example.com' });
    // The customer's card is no longer held: Stripe was asked to cancel the intent, once.
    expect(stripe.cancelRequests.map((request) => request.id)).toEqual([order.intentId]);
    expect(stripe.intents.get(order.intentId)!.status).toBe('canceled');
    expect(canceled.body.payments[0]).toMatchObject({ reference: order.intentId, status: 'canceled' });
    expect(canceled.body.history.at(-2)).toMatchObject({ kind: 'note', message: `The authorized payment ${order.intentId} was released at Credit card (Stripe).` });
    expect(await stockOf(order.productId)).toBe(stockPlaced + 2);
    expect(await auditActions(order.id)).toContain('order.canceled');
    expect((await get<Page>('?q=cancel@orders-api&status=canceled')).body.member.map((found) => found.id)).toEqual([order.id]);

    // No body at all is a cancel without a reason; this one is refused, and nothing moves.
    const again = await post<ErrorAnswer>(`/${order.id}/cancel`);
    expect([again.status, again.body.error]).toEqual([409, 'not_cancelable']);
    expect(await stockOf(order.productId)).toBe(stockPlaced + 2);
    expect((await post(`/2000000000/cancel`)).status).toBe(404);
  });

  it('ships a processing order: complete, the tracking in its history, audited, the customer emailed through the outbox; nothing else ships', async () => {
    const order = await placeOrder('captured', { email: 'ship@orders-api.example', firstName: 'Sam', lastName: 'Shipper' });
    const tooLong = await post<Invalid>(`/${order.id}/ship`, { tracking: 'x'.repeat(201) });
    expect([tooLong.status, fieldsOf(tooLong.body)]).toEqual([400, ['tracking']]);
    expect((await post<Invalid>(`/${order.id}/ship`, { carrier: 'UPS' })).status).toBe(400);
    expect((await get<Order>(`/${order.id}`)).body.status).toBe('processing');

    const shipped = await post<Order>(`/${order.id}/ship`, { tracking: ' 1Z999AA10123456784 ' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.status).toBe('complete');
    expect(shipped.body.history.at(-1)).toMatchObject({ kind: 'shipped', message: 'Shipped, tracking 1Z999AA10123456784.', actor: 'admin@example.com' });
    expect(await auditActions(order.id)).toContain('order.shipped');
    const mail = await shop.send<{ member: { kind: string; subject: string; text: string }[] }>('GET', '/api/rest/v2/admin/mail/outbox?to=ship@orders-api.example&kind=order_shipped', { headers: admin });
    expect(mail.body.member).toHaveLength(1);
    expect(mail.body.member[0]!.subject).toMatch(new RegExp(`^Your order ${order.number} at \\S.* is on its way$`));
    expect(mail.body.member[0]!.text).toContain(`your order ${order.number}`);
    expect(mail.body.member[0]!.text).toContain('Tracking: 1Z999AA10123456784');

    // Done once: a complete order does not ship again, and no second email goes.
    const again = await post<ErrorAnswer>(`/${order.id}/ship`);
    expect([again.status, again.body.error, again.body.message]).toEqual([409, 'not_shippable', 'Only a processing order ships: it is complete.']);
    const canceled = await placeOrder('authorized', { email: 'ship@orders-api.example', firstName: 'Sam', lastName: 'Shipper' });
    expect((await post(`/${canceled.id}/cancel`)).status).toBe(200);
    expect((await post<ErrorAnswer>(`/${canceled.id}/ship`)).body.message).toBe('Only a processing order ships: it is canceled.');
    // An order still waiting for its payment (pending) does not ship either.
    const unpaid = await placeOrder('captured', { email: 'ship@orders-api.example', firstName: 'Sam', lastName: 'Shipper' });
    await shop.database.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, unpaid.id));
    const waiting = await post<ErrorAnswer>(`/${unpaid.id}/ship`);
    expect([waiting.status, waiting.body.message]).toEqual([409, 'Only a processing order ships: it awaits its payment.']);
    expect((await get<Order>(`/${unpaid.id}`)).body.status).toBe('pending');
    expect((await shop.send<{ totalItems: number }>('GET', '/api/rest/v2/admin/mail/outbox?to=ship@orders-api.example&kind=order_shipped', { headers: admin })).body.totalItems).toBe(1);
    expect((await post('/2000000000/ship')).status).toBe(404);
    expect((await shop.send('POST', `/api/rest/v2/admin/orders/${order.id}/ship`, { json: {} })).status).toBe(401);
  });

  it('keeps the order as it was when Stripe refuses to release its authorization (captured there meanwhile, or down): 502, nothing written', async () => {
    const order = await placeOrder('authorized', { email: 'held@orders-api.example', firstName: 'Hal', lastName: 'Held' });
    const stockPlaced = await stockOf(order.productId);
    stripe.answerNext({ status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } });
    const refused = await post<ErrorAnswer>(`/${order.id}/cancel`, { reason: 'Customer asked' });
    expect([refused.status, refused.body.error]).toEqual([502, 'provider_failed']);
    expect(refused.body.message).toMatch(/did not release the authorized payment: .*The order was not canceled\./);
    const unchanged = (await get<Order>(`/${order.id}`)).body;
    expect([unchanged.status, unchanged.payments[0]!.status, unchanged.history]).toEqual(['processing', 'requires_capture', []]);
    expect(await stockOf(order.productId)).toBe(stockPlaced);
    // Captured at Stripe since (in its dashboard): the cancel is refused there, and the admin is told.
    stripe.intents.get(order.intentId)!.status = 'succeeded';
    const captured = await post<ErrorAnswer>(`/${order.id}/cancel`);
    expect([captured.status, captured.body.error]).toEqual([502, 'provider_failed']);
    expect(captured.body.message).toContain('because it has a status of succeeded');
    expect((await get<Order>(`/${order.id}`)).body.status).toBe('processing');
    // Each refusal is a server-side failure the log shows, with Stripe's answer.
    expect(shop.loggedErrors.splice(0).map((error) => (error as { code: string }).code)).toEqual(['payment_provider_error', 'payment_provider_error']);

    // Released at Stripe already (its dashboard): Stripe refuses a second cancel, and the order is canceled all the same.
    const releasedThere = await placeOrder('authorized', { email: 'released@orders-api.example', firstName: 'Rita', lastName: 'Released' });
    stripe.intents.get(releasedThere.intentId)!.status = 'canceled';
    const canceled = await post<Order>(`/${releasedThere.id}/cancel`);
    expect([canceled.status, canceled.body.status, canceled.body.payments[0]!.status]).toEqual([200, 'canceled', 'canceled']);
    expect(shop.loggedErrors).toEqual([]);
  });

  it('refuses to cancel an order whose payment is captured until it is refunded; the refund that completes it cancels it once', async () => {
    const order = graceOrders[1]!;
    const stockPlaced = await stockOf(order.productId);
    expect((await get<Order>(`/${order.id}`)).body.cancelRefusal).toMatchObject({ error: 'refund_required' });

    const refused = await post<ErrorAnswer>(`/${order.id}/cancel`, { reason: 'Changed mind' });
    expect([refused.status, refused.body.error]).toEqual([409, 'refund_required']);
    expect(refused.body.message).toContain(`refund what is left (${formatMoney(order.grandTotal, 'USD')}) to cancel it`);
    const unchanged = (await get<Order>(`/${order.id}`)).body;
    expect([unchanged.status, unchanged.history.filter((entry) => entry.kind === 'canceled')]).toEqual(['processing', []]);
    expect(await stockOf(order.productId)).toBe(stockPlaced);

    // A partial refund leaves money captured: still refused, for what is left.
    expect((await post(`/${order.id}/refunds`, { amount: 1 })).status).toBe(201);
    const stillRefused = await post<ErrorAnswer>(`/${order.id}/cancel`);
    expect([stillRefused.status, stillRefused.body.error]).toEqual([409, 'refund_required']);
    expect(stillRefused.body.message).toContain(`(${formatMoney(order.grandTotal - 1, 'USD')})`);

    const rest = await post<{ orderStatus: string }>(`/${order.id}/refunds`, { reason: 'Changed mind' });
    expect([rest.status, rest.body.orderStatus]).toEqual([201, 'canceled']);
    expect(await stockOf(order.productId)).toBe(stockPlaced + 3);
    const done = (await get<Order>(`/${order.id}`)).body;
    expect(done.payments[0]).toMatchObject({ refundedTotal: order.grandTotal, remaining: 0 });
    expect(done.cancelRefusal).toMatchObject({ error: 'not_cancelable' });
    expect((await post(`/${order.id}/cancel`)).status).toBe(409);
    expect(await stockOf(order.productId)).toBe(stockPlaced + 3);
  });

  it('follows the same rule on the order\'s page, which shows the payment', async () => {
    const order = await placeOrder('captured', { email: 'page@orders-api.example', firstName: 'Paige', lastName: 'Turner' });
    const browser = adminBrowser(shop);
    await browser.signIn();
    const path = `/admin/orders/${order.id}`;
    const page = await browser.request('GET', path);
    expect(page.html).not.toContain(`action="${path}/cancel"`);
    expect(page.html).toContain(`Its payment is captured: refund what is left (${formatMoney(order.grandTotal, 'USD')}) to cancel it.`);
    expect(page.html).toContain(`<td>test</td><td><code>${order.intentId}</code></td><td>${formatMoney(order.grandTotal, 'USD')}</td><td>succeeded</td><td>$0.00</td>`);

    const refused = await browser.request('POST', `${path}/cancel`, { _csrf: browser.csrfOf(page.html), reason: 'Forged' });
    expect([refused.status, refused.location]).toEqual([303, `${path}?flash=not_cancelable`]);
    expect((await browser.request('GET', refused.location!)).html).toMatch(/class="error" role="alert">Its payment is captured: refund what is left/);
    expect((await get<Order>(`/${order.id}`)).body.status).toBe('processing');

    // Shipped from its page: a tracking reference too long is refused where it was typed; then complete, with no Ship form left.
    expect(page.html).toContain(`action="${path}/ship"`);
    const long = await browser.request('POST', `${path}/ship`, { _csrf: browser.csrfOf(page.html), tracking: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    const refusedShip = parsePage(long.html);
    const tracking = refusedShip.one(`form[action="${path}/ship"] input[name="tracking"]`);
    expect(tracking.attribs).toMatchObject({ value: 'x'.repeat(201), 'aria-invalid': 'true' });
    expect(textOf(refusedShip.one(`#${tracking.attribs['aria-describedby']}[role="alert"]`))).toBe('At most 200 characters.');
    const shipped = await browser.request('POST', `${path}/ship`, { _csrf: browser.csrfOf(page.html), tracking: 'TRACK-42' });
    expect([shipped.status, shipped.location]).toEqual([303, `${path}?flash=saved`]);
    const after = await browser.request('GET', path);
    expect(after.html).toContain('<strong>Shipped, tracking TRACK-42.</strong>');
    expect(after.html).not.toContain(`action="${path}/ship"`);
    const late = await browser.request('POST', `${path}/ship`, { _csrf: browser.csrfOf(after.html) });
    expect([late.status, late.html]).toEqual([409, expect.stringContaining('Only a processing order ships: it is complete.')]);

    const authorized = await placeOrder('authorized', { email: 'page2@orders-api.example', firstName: 'Paul', lastName: 'Turner' });
    const cancelable = await browser.request('GET', `/admin/orders/${authorized.id}`);
    expect(cancelable.html).toContain(`action="/admin/orders/${authorized.id}/cancel"`);
    expect(cancelable.html).toContain('<td>requires_capture</td>');
    // Stripe down: the page says so where the cancel was asked, and the order stays as it was.
    stripe.answerNext({ status: 503, body: { error: { type: 'api_error', message: 'Stripe is unavailable' } } });
    // Asked first, naming the order and what follows; nothing changes until confirmed.
    const asked = await browser.request('POST', `/admin/orders/${authorized.id}/cancel`, { _csrf: browser.csrfOf(cancelable.html), reason: 'Asked' });
    expect(asked.status).toBe(200);
    const question = parsePage(asked.html);
    expect(textOf(question.one('h1'))).toBe(`Cancel order ${authorized.number} of Paul Turner?`);
    expect(asked.html).toContain('Its items go back in stock and its authorized payment is released. A canceled order cannot be reopened.');
    expect(question.one('form.confirm-step input[name="reason"]').attribs.value).toBe('Asked');
    expect((await get<Order>(`/${authorized.id}`)).body.status).toBe('processing');
    const down = await browser.request('POST', `/admin/orders/${authorized.id}/cancel`, { _csrf: browser.csrfOf(cancelable.html), reason: 'Asked', confirmed: 'yes' });
    expect(down.status).toBe(502);
    expect(down.html).toMatch(/class="error" role="alert">The payment provider did not release the authorized payment: [^<]*The order was not canceled\./);
    expect((await get<Order>(`/${authorized.id}`)).body.status).toBe('processing');
    const released = await browser.request('POST', `/admin/orders/${authorized.id}/cancel`, { _csrf: browser.csrfOf(cancelable.html), reason: 'Asked', confirmed: 'yes' });
    expect([released.status, released.location]).toEqual([303, `/admin/orders/${authorized.id}?flash=saved`]);
    const afterCancel = (await browser.request('GET', released.location!)).html;
    expect(afterCancel).toContain(`The authorized payment ${authorized.intentId} was released at Credit card (Stripe).`);
    expect(afterCancel).toContain(`Canceled order ${authorized.number}; its items are back in stock.`);
  });

  it("refuses a blank note and a too long cancel reason on the order's page with the API's messages beside the field, changing nothing", async () => {
    const order = await placeOrder('authorized', { email: 'forms@orders-api.example', firstName: 'Fern', lastName: 'Orm' });
    const browser = adminBrowser(shop);
    await browser.signIn();
    const path = `/admin/orders/${order.id}`;
    const api = await post<{ details: { field: string; message: string }[] }>(`/${order.id}/notes`, { message: '   ' });
    const blank = await browser.submit(path, `${path}/notes`, { note: '   ' });
    expect(blank.status).toBe(400);
    const notePage = parsePage(blank.html);
    const note = notePage.one(`form[action="${path}/notes"] textarea[name="note"]`);
    expect(note.attribs['aria-invalid']).toBe('true');
    expect(textOf(notePage.one(`#${note.attribs['aria-describedby']}[role="alert"]`))).toBe(api.body.details[0]!.message);
    const long = await browser.submit(path, `${path}/cancel`, { reason: 'r'.repeat(1001) });
    expect(long.status).toBe(400);
    const cancelPage = parsePage(long.html);
    const reason = cancelPage.one(`form[action="${path}/cancel"] input[name="reason"]`);
    expect(textOf(cancelPage.one(`#${reason.attribs['aria-describedby']}[role="alert"]`))).toBe('At most 1000 characters.');
    expect((await get<Order>(`/${order.id}`)).body).toMatchObject({ status: 'processing', history: [] });
  });

  it('documents the routes and refuses callers without an admin token', async () => {
    const doc = (await shop.get('/api/rest/v2/docs.json')).body as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [['/api/rest/v2/admin/orders', 'get'], ['/api/rest/v2/admin/orders/{id}', 'get'], ['/api/rest/v2/admin/orders/{id}/cancel', 'post'], ['/api/rest/v2/admin/orders/{id}/notes', 'post']] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    for (const [method, path] of [['GET', ''], ['GET', `/${adaOrder.id}`], ['POST', `/${adaOrder.id}/cancel`], ['POST', `/${adaOrder.id}/notes`]] as const) {
      const answer = await shop.send(method, `/api/rest/v2/admin/orders${path}`, path.endsWith('/notes') ? { json: { message: 'x' } } : {});
      expect([answer.status, answer.body.error], `${method} ${path}`).toEqual([401, 'admin_token_required']);
    }
    expect((await get<Order>(`/${adaOrder.id}`)).body.status).toBe('processing');
  });
});

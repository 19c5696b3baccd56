/**
 * Refunds of paid orders (issue 17) through the admin API and the order's admin page: with the test
 * provider, and with Stripe, for which a local server stands in for api.stripe.com (no network here)
 * and records what it is asked.
 */
import { formatMoney } from '../../platform/money.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../platform/db/schema/index.ts';
import { adminBearer, adminBrowser } from '../../../test/helpers/admin-session.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { aSimpleProduct, usAddress } from '../../../test/helpers/shop-data.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/helpers/stripe-standin.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';
import { parsePage, textOf } from '../../../test/helpers/html.ts';

interface Refund {
  id: string;
  orderId: number;
  amount: number;
  currency: string;
  status: string;
  reason: string;
  createdBy: string;
  refundedTotal: number;
  remaining: number;
  orderStatus: string;
}

// On PostgreSQL too (TEST_DATABASE_URL), where refunds sent at once really run side by side.
describe.each(dialects)('order refunds (%s)', (dialect) => {
  let stripe: StripeStandIn;
  let shop: TestShop;
  let admin: { authorization: string };

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    // The test provider is the default; Stripe is offered beside it.
    shop = await openTestShop(dialect, { payments: { defaultProvider: 'test', stripe: stripe.settings } });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
    await stripe.close();
  });

  let orderCount = 0;
  /** A guest order of two units of a product, paid with the provider named. */
  async function paidOrder(provider: 'test' | 'stripe') {
    const product = await aSimpleProduct(shop.database.db);
    const headers = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 2 }, headers });
    let intentId: string;
    if (provider === 'test') intentId = await payCart(shop, headers);
    else {
      const intent = await shop.send<{ id: string }>('POST', '/api/rest/v2/payment-intents', { json: { shippingMethod: 'flatrate', country: 'US', provider: 'stripe' }, headers });
      intentId = intent.body.id;
      stripe.intents.get(intentId)!.status = 'succeeded';
    }
    const placed = await shop.send<{ id: number; number: string; grandTotal: number; status: string }>('POST', '/api/rest/v2/checkout/place-order', {
      json: { ...placeOrderBody(intentId, 'refunds@example.com'), paymentMethod: provider },
      headers: { ...headers, 'idempotency-key': `refund-order-${++orderCount}` },
    });
    expect(placed.status).toBe(201);
    return { ...placed.body, productId: product.id, intentId };
  }

  const refund = (orderId: number, json: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    shop.send<Refund>('POST', `/api/rest/v2/admin/orders/${orderId}/refunds`, { json, headers: { ...admin, ...headers } });
  const stockOf = async (productId: number) => (await shop.send<{ stockQty: number }>('GET', `/api/rest/v2/admin/products/${productId}`, { headers: admin })).body.stockQty;

  it('refunds a paid order in full with the test provider, cancels it with its items back in stock, and audits it', async () => {
    const before = await stockOf((await aSimpleProduct(shop.database.db)).id);
    const order = await paidOrder('test');
    expect(await stockOf(order.productId)).toBe(before - 2);

    const full = await refund(order.id, { reason: 'Customer changed their mind' });
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({ orderId: order.id, amount: order.grandTotal, currency: 'USD', status: 'succeeded', reason: 'Customer changed their mind', createdBy: 'admin@example.com', refundedTotal: order.grandTotal, remaining: 0, orderStatus: 'canceled' });
    expect(full.body.id).toMatch(/^re_test_/);
    expect(await stockOf(order.productId)).toBe(before);

    const again = await refund(order.id);
    expect([again.status, (again.body as unknown as { error: string }).error]).toEqual([409, 'not_refundable']);

    const log = await shop.send<{ member: { action: string; subject: string; diff: unknown; actor: { email: string } }[] }>('GET', '/api/rest/v2/admin/audit-log?module=core&itemsPerPage=100', { headers: admin });
    const entry = log.body.member.find((item) => item.action === 'order.refunded' && item.subject === `order:${order.id}`);
    expect(entry).toMatchObject({ actor: { email: 'admin@example.com' }, diff: { refunded: { from: 0, to: order.grandTotal }, reference: { from: null, to: full.body.id } } });
    expect(log.body.member.some((item) => item.action === 'order.canceled' && item.subject === `order:${order.id}`)).toBe(true);
  });

  it('refunds part, refuses more than is left, then refunds the rest; a retried key refunds once', async () => {
    const order = await paidOrder('test');
    const stockAfterOrder = await stockOf(order.productId);
    const part = await refund(order.id, { amount: 1.25 }, { 'idempotency-key': 'part-1' });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ amount: 1.25, refundedTotal: 1.25, orderStatus: 'processing' });
    expect(part.body.remaining).toBeCloseTo(order.grandTotal - 1.25, 2);

    const second = await refund(order.id, { amount: 0.5 }, { 'idempotency-key': 'part-2' });
    expect(second.body).toMatchObject({ amount: 0.5, refundedTotal: 1.75 });
    const replay = await refund(order.id, { amount: 1.25 }, { 'idempotency-key': 'part-1' });
    expect([replay.status, replay.headers.get('idempotent-replayed'), replay.body.id, replay.body.refundedTotal]).toEqual([200, 'true', part.body.id, 1.25]);

    const left = second.body.remaining;
    const oneCentTooMuch = Math.round(left * 100 + 1) / 100;
    for (const [amount, message] of [[oneCentTooMuch, `At most ${formatMoney(left, 'USD')} is left to refund.`], [0, 'Refund more than 0.'], [-5, 'Refund more than 0.'], [1.005, 'Give the amount in whole cents, e.g. 12.50.']] as const) {
      const refused = await refund(order.id, { amount });
      expect([refused.status, (refused.body as unknown as { error: string }).error], String(amount)).toEqual([400, 'invalid_amount']);
      expect((refused.body as unknown as { details: { field: string; message: string }[] }).details[0]).toMatchObject({ field: 'amount', message });
    }
    expect((await refund(order.id, { amount: '2' })).status).toBe(400);
    expect((await refund(order.id, { amount: 1, note: 'unknown field' })).status).toBe(400);
    expect((await refund(order.id, { reason: 'x'.repeat(501) })).status).toBe(400);

    const rest = await refund(order.id);
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ remaining: 0, orderStatus: 'canceled' });
    expect(rest.body.amount).toBe(left);
    expect(rest.body.refundedTotal).toBeCloseTo(order.grandTotal, 2);
    expect(rest.body.id).not.toBe(part.body.id);
    expect(await stockOf(order.productId)).toBe(stockAfterOrder + 2);
    expect((await refund(order.id, { amount: 0.01 })).status).toBe(409);
  });

  it('makes one of two full refunds sent at once and refuses the other', async () => {
    const order = await paidOrder('test');
    const answers = await Promise.all([refund(order.id), refund(order.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it('refunds a canceled paid order without putting its items in stock twice', async () => {
    const order = await paidOrder('test');
    // Cancel refuses a captured payment now (cancel.ts): this is an order canceled (and restocked) before that rule.
    await shop.database.db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, order.id));
    const restocked = await stockOf(order.productId);
    const full = await refund(order.id);
    expect(full.body).toMatchObject({ remaining: 0, orderStatus: 'canceled' });
    expect(await stockOf(order.productId)).toBe(restocked);
  });

  it('refuses an order without a captured payment (409), an unknown order (404) and callers without an admin token', async () => {
    const [unpaid] = await shop.database.db
      .insert(orders)
      .values({
        number: 'UNPAID-1',
        storeId: 1,
        email: 'unpaid@example.com',
        currency: 'USD',
        subtotal: 10,
        shippingAmount: 0,
        grandTotal: 10,
        shippingMethod: 'flatrate',
        paymentMethod: 'test',
        shippingAddress: usAddress,
        billingAddress: usAddress,
        ownerKey: 'cart:unpaid',
        idempotencyKey: 'unpaid',
        cartId: 1,
      })
      .returning({ id: orders.id });
    const refused = await refund(unpaid!.id);
    expect([refused.status, (refused.body as unknown as { error: string }).error]).toEqual([409, 'not_refundable']);
    expect((await refund(2_000_000_000)).status).toBe(404);
    expect((await shop.send('POST', `/api/rest/v2/admin/orders/${unpaid!.id}/refunds`, { json: {} })).status).toBe(401);
  });

  it('refunds a Stripe payment through the Refunds API, and records nothing when Stripe refuses', async () => {
    const order = await paidOrder('stripe');
    const part = await refund(order.id, { amount: 2, reason: 'Scratched' });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ id: expect.stringMatching(/^re_\d+$/), amount: 2, refundedTotal: 2, status: 'succeeded' });
    const sent = stripe.refundRequests.at(-1)!;
    expect(sent.form).toEqual({ payment_intent: order.intentId, amount: '200', 'metadata[order_number]': order.number });
    expect(sent.headers.authorization).toBe('Bearer sk_test_local');
    expect(sent.headers['idempotency-key']).toBe(`order-${order.id}-refund-1-200`);

    stripe.answerNext({ status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge is disputed.' } } });
    const refused = await refund(order.id, { amount: 3 });
    expect([refused.status, (refused.body as unknown as { error: string }).error]).toEqual([502, 'provider_failed']);
    stripe.answerNext({ status: 200, body: { id: 're_failed', object: 'refund', amount: 300, currency: 'usd', status: 'failed' } });
    expect((await refund(order.id, { amount: 3 })).status).toBe(502);

    // Stripe had an outage: asking for the same refund again sends the same key, so a refund Stripe
    // made unseen would be answered again instead of made twice.
    stripe.answerNext({ status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } });
    expect((await refund(order.id, { amount: 3 })).status).toBe(502);
    const retried = await refund(order.id, { amount: 3 });
    expect(retried.status).toBe(201);
    expect(retried.body).toMatchObject({ amount: 3, refundedTotal: 5 });
    const lastFour = stripe.refundRequests.slice(-4).map((request) => request.headers['idempotency-key']);
    expect(new Set(lastFour)).toEqual(new Set([`order-${order.id}-refund-2-300`]));
    // Each refusal is a server-side failure the log shows, with Stripe's answer.
    expect(shop.loggedErrors.splice(0).map((error) => (error as { code: string }).code)).toEqual(['payment_provider_error', 'provider_failed', 'payment_provider_error']);
  });

  it('refunds from the order\'s page: CSRF, errors by their field with what was typed kept, the history', async () => {
    const order = await paidOrder('test');
    const browser = adminBrowser(shop);
    await browser.signIn();
    const path = `/admin/orders/${order.id}`;
    const page = await browser.request('GET', path);
    expect(page.html).toContain(`action="${path}/refunds"`);
    const key = /name="key" value="([^"]+)"/.exec(page.html)?.[1];
    expect(key).toBeTruthy();

    expect((await browser.request('POST', `${path}/refunds`, { _csrf: 'forged', key: key!, amount: '1' })).status).toBe(403);
    const csrf = browser.csrfOf(page.html);
    const bad = await browser.request('POST', `${path}/refunds`, { _csrf: csrf, key: key!, amount: 'twelve', reason: 'Late <delivery>' });
    expect(bad.status).toBe(400);
    const refused = parsePage(bad.html);
    expect(refused.one('input[name="amount"]').attribs).toMatchObject({ value: 'twelve', 'aria-invalid': 'true', 'aria-describedby': 'refund-amount-error' });
    expect(textOf(refused.one('#refund-amount-error[role="alert"]'))).toBe('Type an amount such as 12.50.');
    expect(refused.one('input[name="reason"]').attribs.value).toBe('Late <delivery>');
    expect(refused.one('input[name="key"]').attribs.value).toBe(key);
    const tooMuch = await browser.request('POST', `${path}/refunds`, { _csrf: csrf, key: key!, amount: String(order.grandTotal + 1) });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.html).toContain(`At most ${formatMoney(order.grandTotal, 'USD')} is left to refund.`);

    // Unconfirmed, the form asks first (the page names the amount) and refunds nothing.
    const asked = await browser.request('POST', `${path}/refunds`, { _csrf: csrf, key: key!, amount: '1.50', reason: 'Late delivery' });
    expect([asked.status, asked.html.includes('$1.50')]).toEqual([200, true]);
    const done = await browser.request('POST', `${path}/refunds`, { _csrf: csrf, key: key!, amount: '1.50', reason: 'Late delivery', confirmed: 'yes' });
    expect([done.status, done.location]).toEqual([303, `${path}?flash=saved`]);
    // The same form sent again (a double click) refunds nothing more.
    expect((await browser.request('POST', `${path}/refunds`, { _csrf: csrf, key: key!, amount: '1.50', reason: 'Late delivery', confirmed: 'yes' })).status).toBe(303);
    const after = await browser.request('GET', path);
    expect(after.html).toMatch(/admin@example\.com: <strong>Refunded \$1\.50 \(re_test_[0-9a-f]+\): Late delivery<\/strong>/);
    expect(after.html.match(/Refunded \$1\.50 \(/g)).toHaveLength(1);
    expect(after.html).toContain(`Refunded $1.50 of ${formatMoney(order.grandTotal, 'USD')}.`);
    expect(after.html).not.toContain(`name="key" value="${key}"`);
  });

  it('shows the provider\'s refusal on the page and keeps the form', async () => {
    const order = await paidOrder('stripe');
    const browser = adminBrowser(shop);
    await browser.signIn();
    const path = `/admin/orders/${order.id}`;
    stripe.answerNext({ status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge is disputed.' } } });
    const refused = await browser.submit(path, `${path}/refunds`, { key: 'page-key', amount: '4', reason: 'Damaged', confirmed: 'yes' });
    expect(refused.status).toBe(502);
    expect(refused.html).toContain('The payment provider did not refund');
    expect(refused.html).toContain('value="Damaged"');
    expect((await browser.request('GET', path)).html).not.toContain('Refunded 4.00');
  });
});

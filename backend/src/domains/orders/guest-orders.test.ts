/**
 * Guest orders (issue 12 §6): a guest finds an order by number, email and postcode (same 404 for
 * every mismatch, rate-limited), and a customer adds the guest orders of their email to the account
 * only through a single-use link emailed to that address.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, orderLinkTokens, orders, rateLimitCounters } from '../../platform/db/schema/index.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { aSimpleProduct, usAddress } from '../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Order {
  number: string;
  email: string;
  lines: { sku: string }[];
  shippingAddress: { postcode: string };
}

const lookup = '/api/rest/v2/orders/lookup';
const linkRequests = '/api/rest/v2/customers/me/orders/link-requests';
const link = '/api/rest/v2/customers/me/orders/link';

describe.each(dialects)('guest orders (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { mailer: createMailer({ storefrontUrl: 'https://shop.test', storefrontUrls: { au: 'https://au.shop.test' } }) });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });
  // Every test starts with fresh lookup budgets (the test app is one client IP).
  beforeEach(async () => {
    await shop.database.db.delete(rateLimitCounters);
  });

  let seq = 0;
  async function placeOrder(email: string, headers: Record<string, string> = {}, storeCode?: string) {
    const store: Record<string, string> = storeCode ? { 'x-store-code': storeCode } : {};
    const product = await aSimpleProduct(shop.database.db, seq % 3);
    const owner = headers.authorization ? headers : { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart', { headers: store })).headers.get('x-cart-token')! };
    const caller = { ...owner, ...store };
    expect((await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 }, headers: caller })).status).toBeLessThan(300);
    const intent = await payCart(shop, caller);
    const billingAddress = { ...usAddress, postcode: 'SW1A 1AA' };
    const placed = await shop.send<Order>('POST', '/api/rest/v2/checkout/place-order', {
      json: { ...placeOrderBody(intent, email), billingAddress },
      headers: { ...caller, 'idempotency-key': `guest-orders-${++seq}` },
    });
    expect(placed.status).toBe(201);
    return placed.body;
  }

  async function register(label: string) {
    const account = { email: `${label}-${randomBytes(4).toString('hex')}@example.com`, password: 'Linking#2026', firstName: 'Ada', lastName: 'Lovelace' };
    const created = await shop.send<{ id: number }>('POST', '/api/rest/v2/customers', { json: account });
    expect(created.status).toBe(201);
    return { ...account, id: created.body.id, auth: await bearerFor(shop, account) };
  }

  async function linkEmails(to: string) {
    return shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'order_link'))).orderBy(desc(mailOutbox.id));
  }

  async function tokenFromEmail(to: string): Promise<{ link: URL; token: string }> {
    const [mail] = await linkEmails(to);
    const href = /https?:\/\/\S+\/account\/link-orders\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    if (!href) throw new Error(`no link-orders link in ${JSON.stringify(mail?.text)}`);
    const url = new URL(href);
    return { link: url, token: url.searchParams.get('token')! };
  }

  it('shows a guest order by its number, email and either postcode, however they are typed', async () => {
    const order = await placeOrder('finder@example.com');
    const byShipping = await shop.send<Order>('POST', lookup, { json: { number: order.number, email: 'Finder@Example.com', postcode: ' 12345 ' } });
    expect(byShipping.status).toBe(200);
    expect(byShipping.headers.get('cache-control')).toBe('no-store');
    expect(byShipping.body).toMatchObject({ number: order.number, email: 'finder@example.com', lines: order.lines });
    const byBilling = await shop.send<Order>('POST', lookup, { json: { number: order.number, email: 'finder@example.com', postcode: 'sw1a-1aa' } });
    expect([byBilling.status, byBilling.body.number]).toEqual([200, order.number]);
  });

  it('answers the same 404 for a wrong number, email or postcode and for a customer\'s order', async () => {
    const order = await placeOrder('hidden@example.com');
    const customer = await register('owner');
    const customersOrder = await placeOrder(customer.email, customer.auth);
    const attempts = [
      { number: '999999999', email: 'hidden@example.com', postcode: '12345' },
      { number: order.number, email: 'other@example.com', postcode: '12345' },
      { number: order.number, email: 'hidden@example.com', postcode: '54321' },
      { number: customersOrder.number, email: customer.email, postcode: '12345' },
    ];
    const answers = await Promise.all(attempts.map((json) => shop.send('POST', lookup, { json })));
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers[0]!.body.error).toBe('order_not_found');
  });

  it('refuses malformed lookups with a 400 naming each field', async () => {
    const bad = await shop.send('POST', lookup, { json: { number: 'DROP TABLE', email: 'nope', postcode: ' - ' } });
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_request']);
    expect((bad.body.details as { field: string }[]).map((d) => d.field).sort()).toEqual(['email', 'number', 'postcode']);
    expect((await shop.send('POST', lookup, { json: [] })).status).toBe(400);
    expect((await shop.send('POST', lookup, { json: { number: '1'.repeat(30), email: 'a@b.co', postcode: '1' } })).status).toBe(400);
  });

  it('limits lookups of one order number, even with the right answers after the limit', async () => {
    const order = await placeOrder('guessed@example.com');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await shop.send('POST', lookup, { json: { number: order.number, email: 'guessed@example.com', postcode: String(10000 + attempt) } })).status).toBe(404);
    }
    const limited = await shop.send('POST', lookup, { json: { number: order.number, email: 'guessed@example.com', postcode: '12345' } });
    expect([limited.status, limited.body.error]).toEqual([429, 'too_many_attempts']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits one client to 20 lookups an hour, whatever the numbers', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await shop.send('POST', lookup, { json: { number: String(500_000_000 + attempt), email: 'x@example.com', postcode: '1' } })).status).toBe(404);
    }
    expect((await shop.send('POST', lookup, { json: { number: '600000000', email: 'x@example.com', postcode: '1' } })).status).toBe(429);
  });

  it('links the guest orders of the account\'s email only through the emailed link, once', async () => {
    const customer = await register('linker');
    const first = await placeOrder(customer.email);
    const second = await placeOrder(customer.email.toUpperCase());
    const otherStore = await placeOrder(customer.email, {}, 'au');
    const someoneElse = await placeOrder('someone-else@example.com');
    // Registering with the email is not proof: nothing is linked yet.
    expect((await shop.send<{ member: Order[] }>('GET', '/api/rest/v2/customers/me/orders', { headers: customer.auth })).body.member).toEqual([]);

    const asked = await shop.send<{ status: string; email: string }>('POST', linkRequests, { headers: customer.auth });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'accepted', email: customer.email });
    const [mail] = await linkEmails(customer.email);
    expect(mail).toMatchObject({ subject: 'Add your earlier orders to your account at Northfield Supply Co.', status: 'unsent' });
    expect(mail!.text).toContain('Hello Ada,');
    const { link: url, token } = await tokenFromEmail(customer.email);
    expect(url.origin).toBe('https://shop.test');
    expect(url.pathname).toBe('/account/link-orders');

    // Another account holding the token links nothing: the token is the requester's only.
    const intruder = await register('intruder');
    const stolen = await shop.send('POST', link, { json: { token }, headers: intruder.auth });
    expect([stolen.status, stolen.body.error, stolen.body.details]).toEqual([400, 'invalid_token', { reason: 'unknown' }]);

    const linked = await shop.send<{ status: string; linked: string[] }>('POST', link, { json: { token }, headers: customer.auth });
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({ status: 'ok', linked: [first.number, second.number].sort() });
    const mine = await shop.send<{ member: Order[] }>('GET', '/api/rest/v2/customers/me/orders', { headers: customer.auth });
    expect(mine.body.member.map((o) => o.number).sort()).toEqual([first.number, second.number].sort());
    // The other store view's order and other people's orders stay where they were.
    const [au] = await shop.database.db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.number, otherStore.number));
    const [other] = await shop.database.db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.number, someoneElse.number));
    expect([au!.customerId, other!.customerId]).toEqual([null, null]);
    // A linked order is an account's order now: the guest lookup no longer shows it.
    expect((await shop.send('POST', lookup, { json: { number: first.number, email: customer.email, postcode: '12345' } })).status).toBe(404);

    const again = await shop.send('POST', link, { json: { token }, headers: customer.auth });
    expect([again.status, again.body.error, again.body.details]).toEqual([400, 'invalid_token', { reason: 'used' }]);
  });

  it('sends the link for the store view asked from, and refuses bad tokens and guests', async () => {
    const customer = await register('au-linker');
    const auOrder = await placeOrder(customer.email, {}, 'au');
    expect((await shop.send('POST', linkRequests, { headers: { ...customer.auth, 'x-store-code': 'au' } })).status).toBe(202);
    const { link: url, token } = await tokenFromEmail(customer.email);
    expect(url.origin).toBe('https://au.shop.test');
    expect((await shop.send<{ linked: string[] }>('POST', link, { json: { token }, headers: customer.auth })).body.linked).toEqual([auOrder.number]);

    const unknown = await shop.send('POST', link, { json: { token: 'x'.repeat(43) }, headers: customer.auth });
    expect([unknown.status, unknown.body.error, unknown.body.details]).toEqual([400, 'invalid_token', { reason: 'unknown' }]);
    expect((await shop.send('POST', link, { json: { token: '' }, headers: customer.auth })).status).toBe(400);
    expect((await shop.send('POST', link, { json: { token } })).status).toBe(401);
    expect((await shop.send('POST', linkRequests)).status).toBe(401);
  });

  it('expires links after a day and limits requests to five an hour', async () => {
    const customer = await register('patient');
    await placeOrder(customer.email);
    await shop.send('POST', linkRequests, { headers: customer.auth });
    const { token } = await tokenFromEmail(customer.email);
    await shop.database.db.update(orderLinkTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orderLinkTokens.customerId, customer.id));
    const expired = await shop.send('POST', link, { json: { token }, headers: customer.auth });
    expect([expired.status, expired.body.details]).toEqual([400, { reason: 'expired' }]);

    for (let request = 1; request < 5; request += 1) expect((await shop.send('POST', linkRequests, { headers: customer.auth })).status).toBe(202);
    const limited = await shop.send('POST', linkRequests, { headers: customer.auth });
    expect([limited.status, limited.body.error]).toEqual([429, 'too_many_attempts']);
    expect(await linkEmails(customer.email)).toHaveLength(5);
  });
});

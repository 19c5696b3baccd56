/**
 * The order success page's API (issue 12 §3): place-order answers a signed, short-lived reference
 * to whoever placed the order, and GET /checkout/orders/{reference} shows that order, with the
 * outbox status of its confirmation email, to nobody else: a forged, expired or other order's
 * reference answers 404.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSuccessReference, successReferenceTtlSeconds } from './success-reference.ts';
import { mailOutbox, orders } from '../../platform/db/schema/index.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { aSimpleProduct } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, testAuth, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Placed {
  id: number;
  number: string;
  email: string;
  successReference: string;
}
interface View {
  number: string;
  email: string;
  grandTotal: number;
  lines: { sku: string }[];
  confirmationEmail: { to: string; status: string };
}

describe.each(dialects)('order success reference (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    // A transport is configured (never reached: no worker runs), so confirmations wait as pending.
    shop = await openTestShop(dialect, { mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:9' }) });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  let seq = 0;
  async function placeGuestOrder(email: string) {
    const product = await aSimpleProduct(shop.database.db, 4 + seq);
    const headers = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 }, headers });
    const intent = await payCart(shop, headers);
    const key = `success-${++seq}`;
    const placed = await shop.send<Placed>('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent, email), headers: { ...headers, 'idempotency-key': key } });
    expect(placed.status).toBe(201);
    return { placed: placed.body, product, headers, key, intent };
  }
  const view = (reference: string) => shop.send<View>('GET', `/api/rest/v2/checkout/orders/${encodeURIComponent(reference)}`);

  it('shows the order by the reference place-order answered, with its confirmation email on its way', async () => {
    const { placed, product, headers, key, intent } = await placeGuestOrder('success@example.com');
    expect(placed.successReference).toMatch(new RegExp(`^${placed.id}\\.\\d+\\.[\\w-]{43}$`));
    const shown = await view(placed.successReference);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.body).toMatchObject({ number: placed.number, email: 'success@example.com', confirmationEmail: { to: 'success@example.com', status: 'pending' } });
    expect(shown.body.lines).toMatchObject([{ sku: product.sku }]);
    // A replay of place-order (same caller, same key) gets a reference too.
    const replay = await shop.send<Placed>('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intent, 'success@example.com'), headers: { ...headers, 'idempotency-key': key } });
    expect(replay.status).toBe(200);
    expect((await view(replay.body.successReference)).body.number).toBe(placed.number);
  });

  it('says what the outbox says: a failed or missing confirmation is not "on its way"', async () => {
    const { placed } = await placeGuestOrder('failed@example.com');
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, placed.id));
    await shop.database.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, order!.confirmationMailId!));
    expect((await view(placed.successReference)).body.confirmationEmail).toEqual({ to: 'failed@example.com', status: 'failed' });
    await shop.database.db.update(orders).set({ confirmationMailId: null }).where(eq(orders.id, placed.id));
    expect((await view(placed.successReference)).body.confirmationEmail).toEqual({ to: 'failed@example.com', status: 'none' });
  });

  it('answers 404 to an order number, a forged, expired or altered reference, and another order\'s', async () => {
    const { placed } = await placeGuestOrder('mine@example.com');
    const other = await placeGuestOrder('theirs@example.com');
    const [id, expires, signature] = placed.successReference.split('.') as [string, string, string];
    const forged = [
      placed.number,
      '999',
      `${other.placed.id}.${expires}.${signature}`,
      `${id}.${Number(expires) + 86_400}.${signature}`,
      `${id}.${expires}.${'A'.repeat(43)}`,
      signSuccessReference(new TextEncoder().encode('not-the-backend-secret-not-the-backend'), placed.id),
      signSuccessReference(testAuth.secret, placed.id, Date.now() - (successReferenceTtlSeconds + 1) * 1000),
      `${placed.successReference}x`,
    ];
    for (const reference of forged) {
      const answer = await view(reference);
      expect([reference, answer.status]).toEqual([reference, 404]);
      expect(JSON.stringify(answer.body)).not.toContain('mine@example.com');
    }
    // Each reference shows its own order only.
    expect((await view(other.placed.successReference)).body.email).toBe('theirs@example.com');
    expect((await view(placed.successReference)).body.email).toBe('mine@example.com');
  });
});

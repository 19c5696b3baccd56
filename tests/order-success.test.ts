/**
 * The order success page over real HTTP (issue 12 §3), with a backend that sends mail through SMTP:
 * the page shows the order by the reference place-order answered and says the confirmation email is
 * on its way to the buyer, which the SMTP server then receives; anything else is a 404.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../backend/test/helpers/smtp-server.ts';
import type { Product } from '../src/lib/content/schemas.ts';
import { startShop, type TestShop } from './support/shop.ts';

let smtp: TestSmtpServer;
let shop: TestShop;
beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await startShop({ backendEnv: { SMTP_URL: smtp.url } });
  expect((await shop.manage('/sync/config')).status).toBe(200);
});
afterAll(async () => {
  await shop?.stop();
  await smtp?.close();
});

async function backend<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: T }> {
  const response = await fetch(`${shop.backend.url}/api/rest/v2${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

async function placeGuestOrder(email: string): Promise<{ number: string; successReference: string }> {
  const listing = await backend<{ member: Product[] }>('GET', '/products?itemsPerPage=50');
  const product = listing.body.member.find((p) => p.type === 'simple' && p.stockStatus === 'in_stock');
  if (!product) throw new Error('no simple product in stock');
  const cart = await backend('GET', '/cart');
  const headers = { 'X-Cart-Token': cart.headers.get('x-cart-token')! };
  expect((await backend('POST', '/cart/items', { sku: product.sku, qty: 1 }, headers)).status).toBe(200);
  const intent = await backend<{ id: string }>('POST', '/payment-intents', { shippingMethod: 'flatrate', country: 'US' }, headers);
  await backend('POST', `/payment-intents/${intent.body.id}/confirm`, { cardNumber: '4242 4242 4242 4242' }, headers);
  const address = { firstName: 'Ada', lastName: 'Lovelace', street: ['1 Main Street'], city: 'Springfield', postcode: '12345', countryId: 'US' };
  const placed = await backend<{ number: string; successReference: string }>(
    'POST',
    '/checkout/place-order',
    { email, shippingAddress: address, shippingMethod: 'flatrate', paymentMethod: 'test', paymentIntentId: intent.body.id },
    { ...headers, 'Idempotency-Key': `success-page-${email}` },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

describe('the order success page', () => {
  it('shows the order by its reference and the confirmation email that is really sent', async () => {
    const order = await placeGuestOrder('ada@example.com');
    const response = await fetch(`${shop.storefront.url}/checkout/success?ref=${encodeURIComponent(order.successReference)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain(order.number);
    expect(html).toMatch(/A confirmation email is on its way to <strong>ada@example.com<\/strong>/);
    await vi.waitFor(() => expect(smtp.received.map((mail) => mail.subject)).toContain(`Your order ${order.number} at Northfield Supply Co.`), { timeout: 15_000 });
    // Still true once sent.
    expect(await (await fetch(`${shop.storefront.url}/checkout/success?ref=${encodeURIComponent(order.successReference)}`)).text()).toContain('on its way to');
  });

  it('answers 404 to an order number or a reference it did not sign', async () => {
    const order = await placeGuestOrder('other@example.com');
    const [id, expires, signature] = order.successReference.split('.') as [string, string, string];
    for (const query of [`?order=${order.number}`, '?order=999', '', `?ref=${id}.${expires}.${'A'.repeat(43)}`, `?ref=${Number(id) + 1000}.${expires}.${signature}`]) {
      const response = await fetch(`${shop.storefront.url}/checkout/success${query}`);
      const html = await response.text();
      expect([query, response.status]).toEqual([query, 404]);
      expect(html).not.toContain('other@example.com');
      expect(html).not.toContain('Thank you for your order');
    }
  });
});

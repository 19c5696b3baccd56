/**
 * A guest order placed over HTTP through the storefront's `/api/*` proxy (cart, payment intent,
 * test card, place-order), for tests that need an order to exist rather than to watch checkout.
 * With a customer's access token, the same order is placed as that customer (their cart).
 */
import { expect } from 'vitest';

export interface PlacedGuestOrder {
  number: string;
  email: string;
}

export async function placeGuestOrder(storefrontUrl: string, sku: string, email: string, postcode = '12345', accessToken?: string): Promise<PlacedGuestOrder> {
  let cartToken = '';
  const call = async <T>(path: string, body?: unknown, extra: Record<string, string> = {}): Promise<T> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...extra };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    if (cartToken) headers['X-Cart-Token'] = cartToken;
    const response = await fetch(`${storefrontUrl}/api${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    cartToken = response.headers.get('x-cart-token') ?? cartToken;
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
  await call('/cart');
  await call('/cart/items', { sku, qty: 1 });
  const intent = await call<{ id: string }>('/payment-intents', { shippingMethod: 'flatrate', country: 'US' });
  await call(`/payment-intents/${intent.id}/confirm`, { cardNumber: '4242 4242 4242 4242' });
  const address = { firstName: 'Ada', lastName: 'Lovelace', street: ['12 Analytical Way'], city: 'Springfield', region: 'Illinois', postcode, countryId: 'US' };
  const order = await call<{ number: string }>(
    '/checkout/place-order',
    { email, shippingAddress: address, shippingMethod: 'flatrate', paymentMethod: 'test', paymentIntentId: intent.id },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  return { number: order.number, email };
}

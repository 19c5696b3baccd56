import { usAddress } from './shop-data.ts';
import type { TestShop } from './test-shop.ts';

/** Pays the caller's cart with the test provider and a succeeding test card; returns the intent id. */
export async function payCart(shop: TestShop, headers: Record<string, string>, card = '4242 4242 4242 4242'): Promise<string> {
  const intent = await shop.send<{ id: string }>('POST', '/api/rest/v2/payment-intents', { json: { shippingMethod: 'flatrate', country: 'US' }, headers });
  if (intent.status !== 201) throw new Error(`payment intent failed: ${intent.status} ${JSON.stringify(intent.body)}`);
  await shop.send('POST', `/api/rest/v2/payment-intents/${intent.body.id}/confirm`, { json: { cardNumber: card }, headers });
  return intent.body.id;
}

export function placeOrderBody(paymentIntentId: string, email = 'guest@example.com') {
  return { email, shippingAddress: usAddress, shippingMethod: 'flatrate', paymentMethod: 'test', paymentIntentId };
}

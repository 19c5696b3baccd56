/**
 * The checkout's calls to the store (SPEC.md widget behaviour 4, 6): countries and their regions,
 * shipping methods quoted for the address's country, and paying: a payment intent for the cart
 * with the chosen shipping, confirmed with the test card or by Stripe in the browser, then the
 * order placed with an Idempotency-Key so a retried request never makes a second order.
 */
import type { StoreApi } from './store-api.ts';

export interface Country {
  id: string;
  name: string;
  regions: Array<{ code: string; name: string }>;
}

export interface ShippingMethod {
  code: string;
  title: string;
  amount: number;
}

export interface Address {
  firstName: string;
  lastName: string;
  street: string[];
  city: string;
  region?: string;
  postcode: string;
  countryId: string;
  telephone?: string;
}

export interface PaymentIntent {
  id: string;
  status: string;
  clientSecret: string | null;
}

export interface OrderRequest {
  email: string;
  address: Address;
  shippingMethod: string;
  /** The payment provider's code (`test` or `stripe`). */
  provider: string;
  /** Pays the intent (test card or Stripe); throws a StoreError when the card is declined. */
  pay(intent: PaymentIntent): Promise<void>;
  idempotencyKey: string;
}

export interface PlacedOrder {
  number: string;
  grandTotal: number;
  currency: string;
}

const members = async <T>(answer: Promise<{ member: T[] }>) => (await answer).member;

export const countries = (store: StoreApi) => members(store.call<{ member: Country[] }>('/countries'));

export const shippingMethods = (store: StoreApi, country: string) =>
  members(store.call<{ member: ShippingMethod[] }>(`/shipping-methods?country=${encodeURIComponent(country)}`));

/** The test provider's way to pay an intent: the card number, checked by the backend. */
export const payWithTestCard = (store: StoreApi, cardNumber: string) => async (intent: PaymentIntent) => {
  await store.call(`/payment-intents/${encodeURIComponent(intent.id)}/confirm`, 'POST', { cardNumber });
};

export async function placeOrder(store: StoreApi, request: OrderRequest): Promise<PlacedOrder> {
  const intent = await store.call<PaymentIntent>('/payment-intents', 'POST', {
    shippingMethod: request.shippingMethod,
    country: request.address.countryId,
    provider: request.provider,
  });
  if (intent.status !== 'succeeded') await request.pay(intent);
  return store.call<PlacedOrder>(
    '/checkout/place-order',
    'POST',
    {
      email: request.email,
      shippingAddress: request.address,
      shippingMethod: request.shippingMethod,
      paymentMethod: request.provider,
      paymentIntentId: intent.id,
    },
    request.idempotencyKey,
  );
}

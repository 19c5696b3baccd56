/**
 * Shapes of the backend answers the islands use: the shared contracts (contracts/), imported as
 * types only so the islands carry none of zod. The answers are not parsed in the browser (see
 * api-client.ts `read`); the backend's tests hold its answers to these contracts instead.
 */
export type { AddCartItem, GiftcardChoice } from '../../../contracts/add-cart-item.ts';
export type { CheckoutAddress as Address, SavedAddress } from '../../../contracts/address.ts';
export type { Cart, CartLine } from '../../../contracts/cart.ts';
export type { BulkCartAnswer, LineOutcome } from '../../../contracts/bulk-cart.ts';
export type { PaymentIntent, PaymentMethod, PlacedOrder, ShippingMethod } from '../../../contracts/checkout.ts';
export type { Customer } from '../../../contracts/customer.ts';
export type { CustomerOrder, Order } from '../../../contracts/order.ts';

/** The OAuth token endpoint's answer (`/auth/token`, RFC 6749 5.1), as far as the storefront reads it. */
export interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
}

export interface Collection<T> {
  member: T[];
}

/**
 * What the islands do with the backend: cart, sign-in, account and checkout calls, each keeping
 * the local session and the header's cart count in step.
 */
import type { Product } from '../content/schemas.ts';
import { api, newIdempotencyKey, tokensFromAnswer } from './api-client.ts';
import { errorMessage } from './display.ts';
import { announceCartCount, customerTokens, saveCartToken, saveCustomerTokens } from './session.ts';
import type {
  AddCartItem,
  Address,
  BulkCartAnswer,
  Cart,
  Collection,
  Customer,
  CustomerOrder,
  Order,
  PlacedOrder,
  PaymentIntent,
  PaymentMethod,
  SavedAddress,
  ShippingMethod,
  TokenAnswer,
} from './types.ts';

function counted(cart: Cart): Cart {
  announceCartCount(cart.itemsQty);
  return cart;
}

export const loadCart = async (): Promise<Cart> => counted(await api<Cart>('/cart'));

export const addToCart = async (item: AddCartItem): Promise<Cart> =>
  counted(await api<Cart>('/cart/items', { method: 'POST', body: item }));

/** Quick order: every line that can be bought is added in one call; the answer names each line's outcome. */
export async function addLines(items: { sku: string; qty: number }[]): Promise<BulkCartAnswer> {
  const answer = await api<BulkCartAnswer>('/cart/items/bulk', { method: 'POST', body: { items } });
  counted(answer.cart);
  return answer;
}

/** *Order again*: the backend refills the cart from the signed-in customer's order, answering each line's outcome. */
export async function orderAgain(orderNumber: string): Promise<BulkCartAnswer> {
  const answer = await api<BulkCartAnswer>(`/cart/reorder/${encodeURIComponent(orderNumber)}`, { method: 'POST' });
  counted(answer.cart);
  return answer;
}

export const changeQty = async (id: number, qty: number): Promise<Cart> =>
  counted(await api<Cart>(`/cart/items/${id}`, { method: 'PATCH', body: { qty } }));

export const removeItem = async (id: number): Promise<Cart> =>
  counted(await api<Cart>(`/cart/items/${id}`, { method: 'DELETE' }));

export async function signIn(email: string, password: string): Promise<void> {
  const answer = await api<TokenAnswer>('/auth/login', { method: 'POST', body: { email, password } });
  saveCustomerTokens(tokensFromAnswer(answer));
  // The backend merges the guest cart into the customer's on login (DECISIONS.md 23): the
  // customer token identifies the cart from now on.
  saveCartToken(null);
  await loadCart();
}

export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Creates the account and signs in, unless the shop approves new accounts first: then the account
 * is `pending` and gets no token until approved (DECISIONS.md 37), which the caller tells the shopper.
 */
export async function register(registration: Registration): Promise<'signed-in' | 'pending'> {
  const customer = await api<Customer>('/customers', { method: 'POST', body: registration });
  if (customer.approvalStatus === 'pending') return 'pending';
  await signIn(registration.email, registration.password);
  return 'signed-in';
}

export async function signOut(): Promise<void> {
  const tokens = customerTokens();
  saveCustomerTokens(null);
  saveCartToken(null);
  announceCartCount(0);
  if (tokens) {
    await api('/auth/logout', { method: 'POST', body: { token: tokens.refreshToken ?? tokens.accessToken } });
  }
}

export const loadCustomer = (): Promise<Customer> => api<Customer>('/customers/me');
export const loadAddresses = async (): Promise<SavedAddress[]> => (await api<Collection<SavedAddress>>('/customers/me/addresses')).member;
export const addAddress = (address: Address & { isDefaultShipping?: boolean; isDefaultBilling?: boolean }): Promise<SavedAddress> =>
  api<SavedAddress>('/customers/me/addresses', { method: 'POST', body: address });
export const updateAddress = (id: number, address: Address & { isDefaultShipping?: boolean; isDefaultBilling?: boolean }): Promise<SavedAddress> =>
  api<SavedAddress>(`/customers/me/addresses/${id}`, { method: 'PUT', body: address });
export const deleteAddress = (id: number): Promise<unknown> => api(`/customers/me/addresses/${id}`, { method: 'DELETE' });
/** A guest's order by its number, email and billing or shipping postcode (the backend answers one 404 for any mismatch). */
export const lookUpOrder = (query: { number: string; email: string; postcode: string }): Promise<CustomerOrder> =>
  api<CustomerOrder>('/orders/lookup', { method: 'POST', body: query });

/** Asks for the email whose link adds the guest orders of the account's address to the account. */
export const requestOrderLink = (): Promise<{ status: 'accepted'; email: string; message: string }> =>
  api('/customers/me/orders/link-requests', { method: 'POST' });

/** Spends the emailed link's token: answers the numbers of the orders added to the account. */
export const linkOrders = async (token: string): Promise<string[]> =>
  (await api<{ status: 'ok'; linked: string[] }>('/customers/me/orders/link', { method: 'POST', body: { token } })).linked;

export const loadOrders = async (): Promise<Order[]> => (await api<Collection<Order>>('/customers/me/orders')).member;

export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  /** Needed only when the email changes (the backend refuses a new email without it). */
  currentPassword?: string;
}

export const updateProfile = (profile: Profile): Promise<Customer> => api<Customer>('/customers/me', { method: 'PUT', body: profile });

/**
 * Change the password, then sign in again with the new one. The backend ends every refresh-token
 * family on a change, this device's included, so keeping the old tokens would silently sign the
 * shopper out when the access token expires; a fresh sign-in keeps this device signed in while
 * every other device has to use the new password.
 */
export async function changePassword(email: string, currentPassword: string, newPassword: string): Promise<void> {
  await api<{ status: 'ok' }>('/customers/me/password', { method: 'PUT', body: { currentPassword, newPassword } });
  try {
    await signIn(email, newPassword);
  } catch (failure) {
    saveCustomerTokens(null);
    throw new Error(`Your password is changed, but signing you in again failed (${errorMessage(failure)}). Please sign in with the new password.`, {
      cause: failure,
    });
  }
}

/**
 * "Forgot your password": asks the backend to email a link. It answers the same whether or not the
 * address has an account (and when it limits requests), so nothing here can tell either.
 */
export async function requestPasswordLink(email: string): Promise<void> {
  await api<{ status: 'accepted'; message: string }>('/customers/password/forgot', { method: 'POST', body: { email } });
}

/** What setting a password from an emailed link ended with. */
export type PasswordLinkOutcome = 'signed-in' | 'password-set';

/**
 * Sets the password with the token of an emailed link, then signs in with it. The backend ends every
 * session of the account, and this browser may hold another account's; so the new sign-in replaces
 * whatever was stored. When signing in is refused (an account still awaiting approval, say), the
 * password is set all the same and the shopper is told to sign in.
 */
export async function setPasswordFromLink(token: string, newPassword: string): Promise<PasswordLinkOutcome> {
  const { email } = await api<{ status: 'ok'; email: string }>('/customers/password/reset', { method: 'POST', body: { token, newPassword } });
  try {
    await signIn(email, newPassword);
    return 'signed-in';
  } catch {
    saveCustomerTokens(null);
    return 'password-set';
  }
}

/** The product as the signed-in customer sees it (the backend answers caller-specific prices). */
export const loadCustomerPrice = async (productId: number): Promise<number | null> =>
  (await api<Pick<Product, 'finalPrice'>>(`/products/${productId}`)).finalPrice;

export const loadShippingMethods = async (country: string): Promise<ShippingMethod[]> =>
  (await api<Collection<ShippingMethod>>(`/shipping-methods?country=${encodeURIComponent(country)}`)).member;

export const loadPaymentMethods = async (): Promise<PaymentMethod[]> =>
  (await api<Collection<PaymentMethod>>('/payment-methods')).member;

export interface OrderRequest {
  email: string;
  address: Address;
  /** Null when it is the shipping address. */
  billingAddress: Address | null;
  shippingMethod: string;
  paymentMethod: PaymentMethod;
  cardNumber: string;
  /** For a method on account (a purchase order): the buyer's PO number. */
  poNumber: string;
  /** One key per checkout attempt: a retry after a lost answer returns the same order. */
  idempotencyKey: string;
  /** A signed-in shopper's "Save this address": the backend adds it to the address book with the order. */
  saveAddresses: boolean;
}

/** A card payment: an intent for the cart, confirmed with the test card (the `test` provider, DECISIONS.md 22). */
async function payByCard(request: OrderRequest): Promise<string> {
  const intent = await api<PaymentIntent>('/payment-intents', {
    method: 'POST',
    body: { shippingMethod: request.shippingMethod, country: request.address.countryId, provider: request.paymentMethod.code },
  });
  if (intent.status !== 'succeeded') {
    await api<PaymentIntent>(`/payment-intents/${encodeURIComponent(intent.id)}/confirm`, {
      method: 'POST',
      body: { cardNumber: request.cardNumber },
    });
  }
  return intent.id;
}

/**
 * Pay and place the order with the Idempotency-Key: by card first, or on account (a purchase
 * order: no card, the PO number instead; the backend checks the company's credit).
 */
export async function placeOrder(request: OrderRequest): Promise<PlacedOrder> {
  const payment = request.paymentMethod.kind === 'card' ? { paymentIntentId: await payByCard(request) } : { poNumber: request.poNumber };
  const order = await api<PlacedOrder>('/checkout/place-order', {
    method: 'POST',
    idempotencyKey: request.idempotencyKey,
    body: {
      email: request.email,
      shippingAddress: request.address,
      ...(request.billingAddress ? { billingAddress: request.billingAddress } : {}),
      shippingMethod: request.shippingMethod,
      paymentMethod: request.paymentMethod.code,
      ...payment,
      saveAddresses: request.saveAddresses,
    },
  });
  announceCartCount(0);
  return order;
}

export { newIdempotencyKey };

/**
 * UCP checkout over the backend's checkout API: the view (cart lines, shipping options for the
 * destination, totals, what is still missing) and completion (payment intent, the test card, place
 * order). The access decision is the backend's at every step: a line the caller may not buy never
 * reached the cart (403 `purchase_blocked` at the add), and the order is placed with their token.
 */
import { withHandedCart } from '../../cart-handoff.ts';
import { sha256Hex } from '../../hex.ts';
import { absoluteUrl } from '../public-origin.ts';
import { callBackend, expectOk, ToolRefusal, type CallerContext } from './backend-calls.ts';
import { cartTokenOf, readCart } from './cart-operations.ts';
import { ucpLineItems } from './cart-shapes.ts';
import type { CheckoutState } from './checkout-state.ts';
import { minorUnits } from './money.ts';
import { agentPaymentHandlers, type PaymentProvider } from './payment-handlers.ts';
import { CAPABILITIES, TEST_CARD_HANDLER, ucpEnvelope } from './ucp-version.ts';


interface ShippingOption {
  code: string;
  title: string;
  amount: number;
}

interface Message {
  type: 'error' | 'info' | 'warning';
  code: string;
  content: string;
  path?: string;
  severity?: 'recoverable' | 'requires_buyer_input';
}

async function shippingOptions(caller: CallerContext, token: string | undefined, country: string): Promise<ShippingOption[]> {
  const body = expectOk(await callBackend(caller, '/shipping-methods', { query: { country }, cartToken: token }), 'Shipping could not be quoted.') as {
    member?: Array<{ code: string; title: string; amount: number }>;
  };
  return body.member ?? [];
}

/** What a checkout needs before it can complete, as UCP messages pointing at the missing field. */
function missing(state: CheckoutState, signedIn: boolean, options: ShippingOption[]): Message[] {
  const messages: Message[] = [];
  const need = (path: string, content: string) => messages.push({ type: 'error', code: 'missing', path, content, severity: 'recoverable' });
  if (!signedIn && !state.buyer?.email) need('$.buyer.email', 'The buyer\'s email is needed for the order confirmation.');
  if (!state.destination) need('$.fulfillment.destination', 'A shipping address is needed.');
  else if (!state.option) need('$.fulfillment.selected_option_id', `Choose a shipping option: ${options.map((option) => option.code).join(', ') || 'none ships to this country'}.`);
  else if (!options.some((option) => option.code === state.option)) need('$.fulfillment.selected_option_id', `Shipping option ${state.option} does not ship there.`);
  return messages;
}

/** What a checkout names of the shop itself: its public origin (links) and its payment provider (handlers). */
export interface ShopSide {
  origin: string;
  paymentProvider: PaymentProvider;
}

export async function checkoutView(caller: CallerContext, { origin, paymentProvider }: ShopSide, id: string, state: CheckoutState) {
  const token = cartTokenOf(caller, state.cart);
  const cart = await readCart(caller, token);
  if (cart.items.length === 0) throw new ToolRefusal('cart_empty', 'The cart of this checkout is empty (it may have been ordered already).');
  const options = state.destination ? await shippingOptions(caller, token, state.destination.address_country) : [];
  const chosen = options.find((option) => option.code === state.option);
  const messages = missing(state, caller.authorization !== undefined, options);
  const shipping = chosen?.amount ?? 0;
  return {
    ucp: ucpEnvelope(CAPABILITIES.checkout, CAPABILITIES.fulfillment),
    id,
    status: messages.length === 0 ? ('ready_for_complete' as const) : ('incomplete' as const),
    currency: cart.currency,
    buyer: state.buyer ?? {},
    line_items: ucpLineItems(cart, origin).map((line) => ({ ...line, type: 'shipping' as const })),
    fulfillment: {
      ...(state.destination ? { destination: state.destination } : {}),
      options: options.map((option) => ({ id: option.code, title: option.title, totals: [{ type: 'total', amount: minorUnits(option.amount) }] })),
      selected_option_id: chosen?.code ?? null,
    },
    totals: [
      { type: 'subtotal', amount: minorUnits(cart.subtotal) },
      { type: 'fulfillment', amount: minorUnits(shipping) },
      { type: 'total', amount: minorUnits(cart.subtotal + shipping) },
    ],
    payment: { handlers: agentPaymentHandlers(paymentProvider) },
    links: [{ type: 'privacy_policy', url: absoluteUrl(origin, '/privacy-policy') }],
    // Where a person takes over: a guest cart travels in the link (it is the id the agent holds);
    // the account cart does not, the person signs in as its customer (cart-handoff.ts).
    continue_url: token ? withHandedCart(absoluteUrl(origin, '/checkout'), token) : absoluteUrl(origin, '/checkout'),
    ...(messages.length > 0 ? { messages } : {}),
  };
}

interface PlacedOrder {
  number: string;
  email: string;
}

/**
 * Pays and places the order. With the test provider the card number pays (4242…); with a live one
 * (Stripe) a person must pay: the answer is `requires_escalation` with `continue_url`, the storefront's
 * checkout carrying the cart. DECISIONS.md 59 calls this status `requires_action`, which is not a
 * status of UCP's checkout (its enum in @ucp-js/sdk: canceled, complete_in_progress, completed,
 * incomplete, ready_for_complete, requires_escalation); UCP's word is kept so agents understand it.
 */
export async function completeCheckout(caller: CallerContext, shop: ShopSide, id: string, state: CheckoutState, cardNumber: string | undefined) {
  const { origin } = shop;
  const view = await checkoutView(caller, shop, id, state);
  if (view.status !== 'ready_for_complete' || !state.destination || !state.option) {
    throw new ToolRefusal('checkout_incomplete', `The checkout is not ready: ${(view.messages ?? []).map((message) => message.content).join(' ')}`);
  }
  const token = cartTokenOf(caller, state.cart);
  const intent = expectOk(
    await callBackend(caller, '/payment-intents', { method: 'POST', body: { shippingMethod: state.option, country: state.destination.address_country }, cartToken: token }),
    'The payment could not be prepared.',
  ) as { id: string; provider: string };
  if (intent.provider !== 'test') {
    return { ...view, status: 'requires_escalation' as const, messages: [{ type: 'info' as const, code: 'buyer_payment_required', content: 'The buyer pays on the shop\'s checkout page.', severity: 'requires_buyer_input' as const }] };
  }
  if (!cardNumber) throw new ToolRefusal('payment_required', `Pay with the ${TEST_CARD_HANDLER} handler: payment.instruments[0].credential.number.`);
  expectOk(await callBackend(caller, `/payment-intents/${encodeURIComponent(intent.id)}/confirm`, { method: 'POST', body: { cardNumber }, cartToken: token }), 'The card was declined.');
  const address = state.destination;
  const order = expectOk(
    await callBackend(caller, '/checkout/place-order', {
      method: 'POST',
      cartToken: token,
      // One per checkout state, so a retried complete places one order.
      idempotencyKey: await sha256Hex(id),
      body: {
        ...(state.buyer?.email ? { email: state.buyer.email } : {}),
        shippingAddress: {
          firstName: address.first_name,
          lastName: address.last_name,
          street: [address.street_address, ...(address.extended_address ? [address.extended_address] : [])],
          city: address.address_locality,
          region: address.address_region ?? null,
          postcode: address.postal_code,
          countryId: address.address_country,
          telephone: address.phone_number ?? null,
        },
        shippingMethod: state.option,
        paymentMethod: 'test',
        paymentIntentId: intent.id,
      },
    }),
    'The order could not be placed.',
  ) as PlacedOrder;
  return {
    ...view,
    status: 'completed' as const,
    order: { id: order.number, permalink_url: absoluteUrl(origin, caller.authorization ? '/account' : '/orders/lookup') },
  };
}

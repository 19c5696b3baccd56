import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { loadCartView } from '../carts/cart-view.ts';
import { cartOwnerOf, cartTokenHeader, findActiveCart } from '../carts/identity.ts';
import type { StoreEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { ErrorSchema, errorResponses, jsonBody, jsonContent } from '../../platform/http/schemas.ts';
import { orderRecordById, placedOrderView } from '../orders/load.ts';
import { confirmTestCard } from '../payments/test-provider.ts';
import { quoteShipping, totalsWith } from '../shipping/methods.ts';
import { loadShippingRules } from '../shipping/rules.ts';
import { StoreHeaders, StoreQuery } from '../stores/schemas.ts';
import { resolveStoreView } from '../stores/store-view.ts';
import { AppError } from '../../platform/errors.ts';
import { loadCustomer } from '../customers/service.ts';
import { requireCompleteLines } from './complete-lines.ts';
import { ownerKeyOf } from './owner-key.ts';
import { onAccountMethods, onAccountPayment } from './on-account.ts';
import { createPaymentIntent, providerOf, setIntentStatus, storedIntent, verifyPayment } from './payment-intents.ts';
import { findOrderByIdempotencyKey, placeOrder } from './place-order.ts';
import {
  ConfirmTestIntentSchema,
  CreateIntentSchema,
  IdempotencyHeaders,
  IntentIdParam,
  PaymentIntentSchema,
  PaymentMethodListSchema,
  PlaceOrderSchema,
  PlacedOrderSchema,
  PlacedOrderViewSchema,
  ShippingMethodListSchema,
  ShippingQuery,
  SuccessReferenceParam,
} from './schemas.ts';
import { signSuccessReference, verifySuccessReference } from './success-reference.ts';

const tags = ['Checkout'];
const cartHeaders = StoreHeaders.extend({ 'x-cart-token': IdempotencyHeaders.shape['x-cart-token'] });
const failures = {
  ...errorResponses,
  401: jsonContent(ErrorSchema, 'Invalid access token'),
  402: jsonContent(ErrorSchema, 'Payment on account refused (`credit_limit`: the order would take the company past its credit limit)'),
  409: jsonContent(ErrorSchema, 'Stock or cart changed (`cart_line_incomplete`: a line lost a bundle part or download; `details.lines` names it)'),
  422: jsonContent(ErrorSchema, 'Payment declined or not complete'),
  502: jsonContent(ErrorSchema, 'Payment provider failed'),
};
const noStore = { 'Cache-Control': 'no-store' };

const shippingRoute = createRoute({
  tags,
  middleware: [resolveStoreView] as const,
  method: 'get',
  path: '/shipping-methods',
  summary: 'Shipping methods and prices for the caller\'s cart and a destination country',
  request: { query: StoreQuery.extend(ShippingQuery.shape), headers: cartHeaders },
  responses: { 200: jsonContent(ShippingMethodListSchema, 'Available methods, cheapest first'), ...failures },
});
const paymentMethodsRoute = createRoute({
  middleware: [resolveStoreView] as const,
  method: 'get',
  path: '/payment-methods',
  tags: ['Checkout'],
  summary: 'Payment methods offered to the caller in the store view (with the publishable key for the browser)',
  description: 'Card providers first, then methods paid on account that a module offers this caller (B2B Pricing: `purchase_order` for the buyers of a company with payment terms).',
  request: { query: StoreQuery, headers: StoreHeaders },
  responses: { 200: jsonContent(PaymentMethodListSchema, 'Methods'), ...errorResponses, 401: jsonContent(ErrorSchema, 'Invalid access token') },
});
const createIntentRoute = createRoute({
  tags,
  middleware: [resolveStoreView] as const,
  method: 'post',
  path: '/payment-intents',
  summary: 'Create a payment intent for the cart total with the chosen shipping',
  request: { query: StoreQuery, headers: cartHeaders, body: jsonBody(CreateIntentSchema) },
  responses: { 201: jsonContent(PaymentIntentSchema, 'The intent; confirm it in the browser with clientSecret'), ...failures },
});
const confirmTestRoute = createRoute({
  tags,
  middleware: [resolveStoreView] as const,
  method: 'post',
  path: '/payment-intents/{id}/confirm',
  summary: 'Test provider only: pay an intent with a test card (4242… succeeds, 4000 0000 0000 0002 is declined)',
  request: { query: StoreQuery, headers: cartHeaders, params: IntentIdParam, body: jsonBody(ConfirmTestIntentSchema) },
  responses: { 200: jsonContent(PaymentIntentSchema, 'The paid intent'), ...failures },
});
const placeOrderRoute = createRoute({
  tags,
  middleware: [resolveStoreView] as const,
  method: 'post',
  path: '/checkout/place-order',
  summary: 'Place the order for the caller\'s cart (Idempotency-Key required)',
  description: 'Stock is taken atomically. Retrying with the same Idempotency-Key returns the first order (200, Idempotent-Replayed: true).',
  request: { query: StoreQuery, headers: StoreHeaders.extend(IdempotencyHeaders.shape), body: jsonBody(PlaceOrderSchema) },
  responses: {
    201: jsonContent(PlacedOrderSchema, 'The new order, with the reference its success page shows it by'),
    200: jsonContent(PlacedOrderSchema, 'The order of an earlier attempt with this key'),
    ...failures,
  },
});
const placedOrderRoute = createRoute({
  tags,
  method: 'get',
  path: '/checkout/orders/{reference}',
  summary: 'The order a success reference names (the order success page)',
  description: 'Only with the successReference that place-order answered to the cart or customer that placed the order, within an hour; anything else answers 404.',
  request: { params: SuccessReferenceParam },
  responses: { 200: jsonContent(PlacedOrderViewSchema, 'The order and whether its confirmation email is on its way'), 404: errorResponses[404] },
});

function ownerOf(c: Context<StoreEnv>) {
  return cartOwnerOf(c.var.caller, c.req.header(cartTokenHeader));
}

async function currentCart(c: Context<StoreEnv>) {
  const cart = await findActiveCart(c.var.db, ownerOf(c), c.var.store.id);
  const view = await loadCartView(c.var.db, cart, c.var.store.baseCurrencyCode, c.var);
  if (!cart || view.id === null || view.items.length === 0) throw new AppError('conflict', 'cart_empty', 'The cart is empty.');
  return { ...view, id: view.id, storeId: cart.storeId };
}

/** The cart a payment or an order may be made for: not empty, and every line still whole. */
async function orderableCart(c: Context<StoreEnv>) {
  const cart = await currentCart(c);
  requireCompleteLines(cart);
  return cart;
}

function intentOut(intent: { id: string; clientSecret: string | null; status: string }, provider: { code: string; publishableKey: string | null }, amount: number, currency: string) {
  return { id: intent.id, provider: provider.code, clientSecret: intent.clientSecret, publishableKey: provider.publishableKey, status: intent.status, amount, currency };
}

export const checkoutRoutes = createRouter<StoreEnv>()
  .openapi(shippingRoute, async (c) => {
    const { country } = c.req.valid('query');
    const cart = await findActiveCart(c.var.db, ownerOf(c), c.var.store.id);
    const view = await loadCartView(c.var.db, cart, c.var.store.baseCurrencyCode, c.var);
    const rules = await loadShippingRules(c.var.db, c.var.store.id);
    return c.json({ member: quoteShipping(rules, country, view.subtotal), currency: view.currency }, 200, noStore);
  })
  .openapi(paymentMethodsRoute, async (c) => {
    const cards = c.var.payments.all.map((p) => ({ code: p.code, title: p.title, kind: 'card' as const, publishableKey: p.publishableKey, isDefault: p.code === c.var.payments.defaultCode }));
    const onAccount = await onAccountMethods(c.var.hooks, { caller: c.var.caller, storeId: c.var.store.id, currency: c.var.store.baseCurrencyCode });
    const member = [...cards, ...onAccount.map((method) => ({ ...method, kind: 'on_account' as const, publishableKey: null, isDefault: false }))];
    // What a module offers depends on who asks: never a shared cache's copy.
    return c.json({ member }, 200, { ...noStore, Vary: 'Authorization' });
  })
  .openapi(createIntentRoute, async (c) => {
    const { shippingMethod, country, provider: code } = c.req.valid('json');
    const provider = providerOf(c.var.payments, code);
    const cart = await orderableCart(c);
    const totals = totalsWith(await loadShippingRules(c.var.db, cart.storeId), cart.subtotal, country, shippingMethod);
    const intent = await createPaymentIntent(c.var.db, provider, cart.id, totals.grandTotal, cart.currency, crypto.randomUUID());
    return c.json(intentOut(intent, provider, totals.grandTotal, cart.currency), 201, noStore);
  })
  .openapi(confirmTestRoute, async (c) => {
    const cart = await currentCart(c);
    const row = await storedIntent(c.var.db, c.req.valid('param').id, cart.id);
    if (row.provider !== 'test') throw new AppError('invalid', 'not_a_test_intent', 'Only test-provider intents are confirmed here; confirm others with the provider\'s client library.');
    const provider = providerOf(c.var.payments, 'test');
    const status = confirmTestCard(c.req.valid('json').cardNumber);
    await setIntentStatus(c.var.db, row.id, status);
    return c.json(intentOut({ id: row.id, clientSecret: null, status }, provider, row.amount, row.currency), 200, noStore);
  })
  .openapi(placeOrderRoute, async (c) => {
    const input = c.req.valid('json');
    const idempotencyKey = c.req.valid('header')['idempotency-key'];
    const owner = ownerOf(c);
    const ownerKey = ownerKeyOf(owner);
    const earlier = await findOrderByIdempotencyKey(c.var.db, ownerKey, idempotencyKey);
    const placed = async (orderId: number) => {
      const record = await orderRecordById(c.var.db, orderId);
      if (!record) throw new Error(`order ${orderId} vanished after commit`);
      return { ...record, successReference: signSuccessReference(c.var.auth.secret, orderId) };
    };
    if (earlier !== undefined) return c.json(await placed(earlier), 200, { ...noStore, 'Idempotent-Replayed': 'true' });

    const customerId = 'customerId' in owner ? owner.customerId : null;
    const email = input.email ?? (customerId === null ? undefined : (await loadCustomer(c.var.db, customerId)).email);
    if (!email) throw new AppError('invalid', 'invalid_request', 'Guests must give an email.', [{ location: 'json', field: 'email', message: 'Required for guests.' }]);
    const cart = await orderableCart(c);
    await c.var.hooks.run('checkout.beforePlaceOrder', { caller: c.var.caller, cartId: cart.id, shippingCountry: input.shippingAddress.countryId, storeId: cart.storeId });
    const totals = totalsWith(await loadShippingRules(c.var.db, cart.storeId), cart.subtotal, input.shippingAddress.countryId, input.shippingMethod);
    const provider = c.var.payments.get(input.paymentMethod);
    const onAccount = provider ? undefined : await onAccountPayment(c.var.hooks, { caller: c.var.caller, storeId: cart.storeId, currency: cart.currency }, input.paymentMethod, input.poNumber);
    if (provider) {
      if (input.paymentIntentId === undefined) {
        throw new AppError('invalid', 'invalid_request', 'A card payment needs its payment intent.', [{ location: 'json', field: 'paymentIntentId', message: 'Required for card payments.' }]);
      }
      await verifyPayment(c.var.db, provider, input.paymentIntentId, cart.id, totals.grandTotal, cart.currency);
    }
    const amounts = { subtotal: totals.subtotal, shippingAmount: totals.shippingAmount, grandTotal: totals.grandTotal };
    const { orderId, replayed } = await placeOrder(c.var.db, {
      storeId: cart.storeId,
      customerId,
      email: email.toLowerCase(),
      ownerKey,
      idempotencyKey,
      cart,
      totals: amounts,
      shippingMethod: input.shippingMethod,
      paymentMethod: input.paymentMethod,
      paymentIntentId: provider ? (input.paymentIntentId ?? null) : null,
      onAccount,
      shippingAddress: input.shippingAddress,
      billingAddress: input.billingAddress ?? input.shippingAddress,
      saveAddresses: input.saveAddresses ?? false,
    }, { mailer: c.var.mailer, store: c.var.store, shippingTitle: totals.method.title });
    const record = await placed(orderId);
    if (replayed) return c.json(record, 200, { ...noStore, 'Idempotent-Replayed': 'true' });
    await c.var.notifications.publish(c.var.db, 'order_placed', { orderId, number: record.number, customerId });
    return c.json(record, 201, noStore);
  })
  .openapi(placedOrderRoute, async (c) => {
    const orderId = verifySuccessReference(c.var.auth.secret, c.req.valid('param').reference);
    const found = orderId === null ? undefined : await placedOrderView(c.var.db, orderId);
    if (!found) throw new AppError('not_found', 'order_not_found', 'No order for this reference (it may have expired).');
    return c.json(found, 200, noStore);
  });

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { savedAddressSchema } from '../../contracts/address.ts';
import { cartSchema } from '../../contracts/cart.ts';
import { paymentIntentSchema, paymentMethodListSchema, placedOrderSchema, placedOrderViewSchema, shippingMethodListSchema } from '../../contracts/checkout.ts';
import { listOf, pageOf } from '../../contracts/collections.ts';
import { customerSchema } from '../../contracts/customer.ts';
import { driftOf } from '../../contracts/drift.ts';
import { customerOrderSchema, orderSchema } from '../../contracts/order.ts';
import { productDetailSchema, productListingSchema, type ProductDetail } from '../../contracts/product.ts';
import { amount } from './helpers/contract.ts';
import { bearerFor } from './helpers/sign-in.ts';
import { shopper, usAddress } from './helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from './helpers/test-shop.ts';

/**
 * The commerce answers the storefront's islands and the widget read (cart, account, addresses,
 * checkout, orders), from the real backend, held strictly to the shared contracts (contracts/) as
 * the catalog's are in record-contracts.test.ts: a missing field, a wrong type or a key the contract
 * does not know fails here. The cart carries a line of every kind of configuration the contract names.
 */

const api = '/api/rest/v2';

describe.each(dialects)('commerce answers against the shared contracts (%s)', (dialect) => {
  let shop: TestShop;
  const drift: string[] = [];
  /** Records the answer's drift from `schema` (checked at the end of each test) and returns its body. */
  function held<T extends z.ZodType>(schema: T, what: string, answer: { status: number; body: unknown }, status = 200): z.output<T> {
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(status);
    drift.push(...driftOf(schema, answer.body).map((problem) => `${what} ${problem}`));
    return schema.parse(answer.body);
  }

  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  beforeEach(() => {
    drift.length = 0;
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  /** The first in-stock product of each type, with its detail. */
  async function productsByType(): Promise<Map<string, ProductDetail>> {
    const byType = new Map<string, ProductDetail>();
    const listed = pageOf(productListingSchema).parse((await shop.get(`${api}/products?itemsPerPage=100`)).body).member;
    for (const product of listed.filter((p) => p.stockStatus === 'in_stock' && !byType.has(p.type))) {
      byType.set(product.type, productDetailSchema.parse((await shop.get(`${api}/products/${product.id}`)).body));
    }
    return byType;
  }

  it('a customer: account, address book, a cart with every kind of line, checkout and the orders', async () => {
    const auth = await bearerFor(shop, shopper);
    held(customerSchema, 'GET /customers/me', await shop.send('GET', `${api}/customers/me`, { headers: auth }));
    held(savedAddressSchema, 'POST /customers/me/addresses', await shop.send('POST', `${api}/customers/me/addresses`, { json: { ...usAddress, isDefaultShipping: true }, headers: auth }), 201);
    held(listOf(savedAddressSchema), 'GET /customers/me/addresses', await shop.send('GET', `${api}/customers/me/addresses`, { headers: auth }));

    const byType = await productsByType();
    const bundle = byType.get('bundle')!;
    const card = byType.get('giftcard')!;
    const additions = [
      { sku: byType.get('simple')!.sku, qty: 1 },
      { sku: bundle.sku, qty: 1, bundleOptions: Object.fromEntries(bundle.bundleOptions!.map((o) => [String(o.id), [o.selections[0]!.id]])) },
      { sku: byType.get('downloadable')!.sku, qty: 1 },
      {
        sku: card.sku,
        qty: 1,
        giftcard: { amount: amount(card.giftcardAmounts?.[0]), senderName: 'Sam', senderEmail: 'sam@example.com', recipientName: 'Cy', recipientEmail: 'cy@example.com' },
      },
    ];
    for (const json of additions) held(cartSchema, `POST /cart/items ${json.sku}`, await shop.send('POST', `${api}/cart/items`, { json, headers: auth }));
    const cart = held(cartSchema, 'GET /cart', await shop.send('GET', `${api}/cart`, { headers: auth }));
    expect(new Set(cart.items.map((line) => line.configuration?.type ?? null))).toEqual(new Set([null, 'bundle', 'downloadable', 'giftcard']));

    held(shippingMethodListSchema, 'GET /shipping-methods', await shop.send('GET', `${api}/shipping-methods?country=US`, { headers: auth }));
    held(paymentMethodListSchema, 'GET /payment-methods', await shop.send('GET', `${api}/payment-methods`, { headers: auth }));
    const intent = held(paymentIntentSchema, 'POST /payment-intents', await shop.send('POST', `${api}/payment-intents`, { json: { shippingMethod: 'flatrate', country: 'US' }, headers: auth }), 201);
    held(paymentIntentSchema, 'POST /payment-intents/{id}/confirm', await shop.send('POST', `${api}/payment-intents/${intent.id}/confirm`, { json: { cardNumber: '4242 4242 4242 4242' }, headers: auth }));
    const placed = held(
      placedOrderSchema,
      'POST /checkout/place-order',
      await shop.send('POST', `${api}/checkout/place-order`, {
        json: { shippingAddress: usAddress, shippingMethod: 'flatrate', paymentMethod: 'test', paymentIntentId: intent.id },
        headers: { ...auth, 'idempotency-key': 'commerce-contracts-customer' },
      }),
      201,
    );
    held(placedOrderViewSchema, 'GET /checkout/orders/{reference}', await shop.send('GET', `${api}/checkout/orders/${encodeURIComponent(placed.successReference)}`, { headers: auth }));
    const orders = held(pageOf(orderSchema), 'GET /customers/me/orders', await shop.send('GET', `${api}/customers/me/orders`, { headers: auth }));
    expect(orders.member.map((order) => order.number)).toContain(placed.number);
    held(customerOrderSchema, 'GET /customers/me/orders/{number}', await shop.send('GET', `${api}/customers/me/orders/${placed.number}`, { headers: auth }));
    expect(drift).toEqual([]);
  });

  it('a guest: the empty cart, a placed order and the order lookup', async () => {
    const empty = await shop.send('GET', `${api}/cart`);
    held(cartSchema, 'GET /cart (no cart yet)', empty);
    const headers = { 'x-cart-token': empty.headers.get('x-cart-token')! };
    const simple = pageOf(productListingSchema).parse((await shop.get(`${api}/products?itemsPerPage=100`)).body).member.find((p) => p.type === 'simple' && p.stockStatus === 'in_stock')!;
    held(cartSchema, 'POST /cart/items', await shop.send('POST', `${api}/cart/items`, { json: { sku: simple.sku, qty: 1 }, headers }));
    const intent = held(paymentIntentSchema, 'POST /payment-intents', await shop.send('POST', `${api}/payment-intents`, { json: { shippingMethod: 'flatrate', country: 'US' }, headers }), 201);
    await shop.send('POST', `${api}/payment-intents/${intent.id}/confirm`, { json: { cardNumber: '4242 4242 4242 4242' }, headers });
    const placed = held(
      placedOrderSchema,
      'POST /checkout/place-order (guest)',
      await shop.send('POST', `${api}/checkout/place-order`, {
        json: { email: 'contract-guest@example.com', shippingAddress: usAddress, billingAddress: { ...usAddress, company: 'Acme', telephone: '555-0100' }, shippingMethod: 'flatrate', paymentMethod: 'test', paymentIntentId: intent.id },
        headers: { ...headers, 'idempotency-key': 'commerce-contracts-guest' },
      }),
      201,
    );
    held(customerOrderSchema, 'POST /orders/lookup', await shop.send('POST', `${api}/orders/lookup`, { json: { number: placed.number, email: 'contract-guest@example.com', postcode: usAddress.postcode } }));
    expect(drift).toEqual([]);
  });
});

/**
 * "Save this address" at checkout (issue 12 §5): a customer's shipping and billing addresses go to
 * the address book with the order (in the place-order transaction), once, becoming the defaults only
 * when the customer has none; guests and refused orders save nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { aSimpleProduct, usAddress } from '../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Address {
  id: number;
  city: string;
  postcode: string;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
}

const billing = { ...usAddress, street: ['9 Ledger Lane'], postcode: '99999' };

describe.each(dialects)('checkout saves addresses (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  let seq = 0;
  async function signUp() {
    const account = { email: `book-${randomBytes(4).toString('hex')}@example.com`, password: 'Address#2026', firstName: 'Sam', lastName: 'Shopper' };
    expect((await shop.send('POST', '/api/rest/v2/customers', { json: account })).status).toBe(201);
    return bearerFor(shop, account);
  }
  async function order(headers: Record<string, string>, extra: Record<string, unknown>, card?: string) {
    const product = await aSimpleProduct(shop.database.db, seq % 3);
    expect((await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 }, headers })).status).toBeLessThan(300);
    const intent = await payCart(shop, headers, card);
    return shop.send('POST', '/api/rest/v2/checkout/place-order', { json: { ...placeOrderBody(intent), ...extra }, headers: { ...headers, 'idempotency-key': `book-${++seq}` } });
  }
  const book = async (auth: Record<string, string>) => (await shop.send<{ member: Address[] }>('GET', '/api/rest/v2/customers/me/addresses', { headers: auth })).body.member;

  it('saves shipping and billing with the order, as the defaults of an empty book, and never twice', async () => {
    const auth = await signUp();
    expect((await order(auth, { billingAddress: billing, saveAddresses: true })).status).toBe(201);
    const saved = await book(auth);
    expect(saved.map((a) => [a.postcode, a.isDefaultShipping, a.isDefaultBilling])).toEqual([
      ['12345', true, false],
      ['99999', false, true],
    ]);
    // The same addresses again add nothing; a new one is added without taking the defaults.
    expect((await order(auth, { billingAddress: billing, saveAddresses: true })).status).toBe(201);
    expect(await book(auth)).toEqual(saved);
    expect((await order(auth, { shippingAddress: { ...usAddress, city: 'Shelbyville' }, saveAddresses: true })).status).toBe(201);
    const after = await book(auth);
    expect(after.map((a) => [a.city, a.isDefaultShipping, a.isDefaultBilling])).toEqual([
      ['Springfield', true, false],
      ['Springfield', false, true],
      ['Shelbyville', false, false],
    ]);
  });

  it('saves nothing without the flag, for a declined payment, or for a guest', async () => {
    const auth = await signUp();
    expect((await order(auth, {})).status).toBe(201);
    expect(await book(auth)).toEqual([]);
    const declined = await order(auth, { saveAddresses: true }, '4000 0000 0000 0002');
    expect(declined.status).toBe(422);
    expect(await book(auth)).toEqual([]);
    expect((await order(auth, { saveAddresses: 'yes' })).status).toBe(400);
    const guest = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    expect((await order(guest, { saveAddresses: true })).status).toBe(201);
  });
});

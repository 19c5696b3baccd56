/**
 * Shipping rules are configuration per store view (issue 12 §2): stored in the database with the
 * demo seed's defaults, edited at GET/PUT /admin/shipping (admin token; audited) and on the admin
 * page Stores → Shipping, used by /shipping-methods, payment intents and place-order, and carried
 * to the storefront in the store config.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../platform/db/schema/index.ts';
import { adminBrowser, adminBearer, testAdmin } from '../../../test/helpers/admin-session.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { aSimpleProduct, shopper, usAddress } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Rules {
  store: string;
  currency: string;
  flatRate: number;
  freeShippingThreshold: number | null;
  countryRates: Record<string, number>;
  otherCountriesRate: number;
}
type Quotes = { member: { code: string; amount: number }[] };

describe.each(dialects)('shipping configuration (%s)', (dialect) => {
  let shop: TestShop;
  let admin: { authorization: string };
  beforeAll(async () => {
    shop = await openTestShop(dialect);
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  async function guestCart(): Promise<{ headers: Record<string, string>; subtotal: number }> {
    const product = await aSimpleProduct(shop.database.db, 3);
    const token = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
    const headers = { 'x-cart-token': token };
    const cart = await shop.send<{ subtotal: number }>('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 }, headers });
    return { headers, subtotal: cart.body.subtotal };
  }

  it('answers 401 without a token and 403 to a customer', async () => {
    expect((await shop.send('GET', '/api/rest/v2/admin/shipping')).status).toBe(401);
    expect((await shop.send('GET', '/api/rest/v2/admin/shipping', { headers: await bearerFor(shop, shopper) })).status).toBe(403);
    const body = { flatRate: 1, freeShippingThreshold: 1, countryRates: {}, otherCountriesRate: 1 };
    expect((await shop.send('PUT', '/api/rest/v2/admin/shipping', { json: body, headers: await bearerFor(shop, shopper) })).status).toBe(403);
  });

  it('starts from the demo seed: the free-shipping threshold the store config and the home page promise', async () => {
    const rules = await shop.send<Rules>('GET', '/api/rest/v2/admin/shipping', { headers: admin });
    expect(rules.status).toBe(200);
    expect(rules.body).toMatchObject({ store: 'default', currency: 'USD', flatRate: 5, freeShippingThreshold: 75, otherCountriesRate: 25 });
    expect(rules.body.countryRates).toMatchObject({ US: 8, AU: 15 });
    expect((await shop.send<Rules>('GET', '/api/rest/v2/admin/shipping?store=au', { headers: admin })).body).toMatchObject({ store: 'au', currency: 'AUD' });
    expect((await shop.send<{ shipping: unknown }>('GET', '/api/rest/v2/store-config')).body.shipping).toEqual({ freeShippingThreshold: 75, currency: 'USD' });
    expect((await shop.send<{ shipping: unknown }>('GET', '/api/rest/v2/store-config?store=au')).body.shipping).toMatchObject({ currency: 'AUD' });
  });

  it('an edited threshold changes /shipping-methods, payment intents, place-order and the store config', async () => {
    const { headers, subtotal } = await guestCart();
    expect(subtotal).toBeGreaterThan(0);
    const put = (body: Omit<Rules, 'store' | 'currency'>) => shop.send<Rules>('PUT', '/api/rest/v2/admin/shipping', { json: body, headers: admin });
    const quotes = () => shop.send<Quotes>('GET', '/api/rest/v2/shipping-methods?country=NZ', { headers });

    const above = await put({ flatRate: 6.5, freeShippingThreshold: subtotal + 1000, countryRates: { NZ: 11 }, otherCountriesRate: 30 });
    expect(above.status).toBe(200);
    expect(above.body).toMatchObject({ flatRate: 6.5, freeShippingThreshold: subtotal + 1000, countryRates: { NZ: 11 } });
    expect((await quotes()).body.member.map((m) => [m.code, m.amount])).toEqual([['flatrate', 6.5], ['tablerate', 11]]);
    expect((await shop.send('POST', '/api/rest/v2/payment-intents', { json: { shippingMethod: 'freeshipping', country: 'NZ' }, headers })).status).toBe(400);
    expect((await shop.send<{ shipping: unknown }>('GET', '/api/rest/v2/store-config')).body.shipping).toEqual({ freeShippingThreshold: subtotal + 1000, currency: 'USD' });

    expect((await put({ flatRate: 6.5, freeShippingThreshold: subtotal, countryRates: { NZ: 11 }, otherCountriesRate: 30 })).status).toBe(200);
    expect((await quotes()).body.member[0]).toMatchObject({ code: 'freeshipping', amount: 0 });
    expect((await shop.send<{ shipping: unknown }>('GET', '/api/rest/v2/store-config')).body.shipping).toEqual({ freeShippingThreshold: subtotal, currency: 'USD' });

    // Place-order prices shipping by the same rules: free shipping is the payment's total.
    const intent = await shop.send<{ id: string; amount: number }>('POST', '/api/rest/v2/payment-intents', { json: { shippingMethod: 'freeshipping', country: 'US' }, headers });
    expect([intent.status, intent.body.amount]).toEqual([201, subtotal]);
    await shop.send('POST', `/api/rest/v2/payment-intents/${intent.body.id}/confirm`, { json: { cardNumber: '4242 4242 4242 4242' }, headers });
    const placed = await shop.send<{ shippingAmount: number; grandTotal: number }>('POST', '/api/rest/v2/checkout/place-order', {
      json: { email: 'free@example.com', shippingAddress: usAddress, shippingMethod: 'freeshipping', paymentMethod: 'test', paymentIntentId: intent.body.id },
      headers: { ...headers, 'idempotency-key': 'free-shipping-1' },
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ shippingAmount: 0, grandTotal: subtotal });

    // No free shipping at all.
    expect((await put({ flatRate: 6.5, freeShippingThreshold: null, countryRates: {}, otherCountriesRate: 30 })).status).toBe(200);
    expect((await shop.send<{ shipping: unknown }>('GET', '/api/rest/v2/store-config')).body.shipping).toEqual({ freeShippingThreshold: null, currency: 'USD' });
    // The other store view's rules are its own.
    expect((await shop.send<Rules>('GET', '/api/rest/v2/admin/shipping?store=au', { headers: admin })).body.freeShippingThreshold).toBe(120);

    const entries = await shop.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'shipping.updated'));
    expect(entries.length).toBe(3);
    expect(entries[0]).toMatchObject({ actorEmail: testAdmin.email, subject: 'store:default' });
  });

  it('refuses bad rules', async () => {
    for (const json of [{}, { flatRate: -1, freeShippingThreshold: 1, countryRates: {}, otherCountriesRate: 1 }, { flatRate: 1, freeShippingThreshold: 1, countryRates: { usa: 2 }, otherCountriesRate: 1 }]) {
      expect((await shop.send('PUT', '/api/rest/v2/admin/shipping', { json, headers: admin })).status).toBe(400);
    }
    expect((await shop.send('GET', '/api/rest/v2/admin/shipping?store=nope', { headers: admin })).status).toBe(404);
  });

  it('is edited on the admin page Stores → Shipping', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    expect((await browser.request('GET', '/admin')).html).toContain('href="/admin/shipping"');
    const page = await browser.request('GET', '/admin/shipping?store=au');
    expect(page.status).toBe(200);
    expect(page.html).toContain('value="120"');
    const saved = await browser.request('POST', '/admin/shipping?store=au', {
      _csrf: browser.csrfOf(page.html),
      flatRate: '9.5',
      freeShippingThreshold: '150',
      countryRates: 'AU 10\r\nnz: 19',
      otherCountriesRate: '40',
    });
    expect(saved.status).toBe(303);
    expect((await shop.send<Rules>('GET', '/api/rest/v2/admin/shipping?store=au', { headers: admin })).body).toMatchObject({
      flatRate: 9.5,
      freeShippingThreshold: 150,
      countryRates: { AU: 10, NZ: 19 },
      otherCountriesRate: 40,
    });
    const bad = await browser.request('POST', '/admin/shipping?store=au', { _csrf: browser.csrfOf(page.html), flatRate: 'five', freeShippingThreshold: '', countryRates: '', otherCountriesRate: '1' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Flat rate');
  });
});

/**
 * The admin dashboard over HTTP: products as a merchant counts them (variants inside their
 * configurable), revenue per currency (never USD and AUD added up), orders today / 7 / 30 days, and
 * the latest orders and customers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminUser } from './ensure-admin.ts';
import { customers, orders, products } from '../db/schema/index.ts';
import { adminBrowser, testAdmin } from '../../../test/helpers/admin-session.ts';
import { usAddress } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

const day = 24 * 60 * 60 * 1000;

describe.each(dialects)('admin dashboard (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
    await ensureAdminUser(shop.database.db, testAdmin);
    const now = Date.now();
    const order = (number: string, currency: string, grandTotal: number, ageMs: number, status: 'pending' | 'canceled' = 'pending') => ({
      number,
      storeId: currency === 'AUD' ? 2 : 1,
      email: `${number.toLowerCase()}@example.com`,
      status,
      currency,
      subtotal: grandTotal,
      shippingAmount: 0,
      grandTotal,
      shippingMethod: 'flatrate',
      paymentMethod: 'test',
      shippingAddress: usAddress,
      billingAddress: usAddress,
      ownerKey: `cart:${number}`,
      idempotencyKey: number,
      cartId: 1,
      createdAt: new Date(now - ageMs),
    });
    await shop.database.db.insert(orders).values([
      order('DASH-1', 'USD', 10, 1_000),
      order('DASH-2', 'AUD', 20, 3 * day),
      order('DASH-3', 'USD', 5.5, 20 * day),
      order('DASH-4', 'USD', 7, 40 * day),
      order('DASH-5', 'USD', 1000, 1_000, 'canceled'),
    ]);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const card = (page: string, name: string) => new RegExp(`data-card="${name}"><strong>([^<]*)</strong>`).exec(page)?.[1];

  it('counts products as the merchant does: a configurable with its variants is one product', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const { html } = await browser.request('GET', '/admin');
    const [all] = await shop.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products);
    const [variants] = await shop.database.db.select({ n: sql<number>`count(distinct linked_product_id)`.mapWith(Number) }).from(sql`product_links`).where(sql`link_type = 'variant'`);
    expect(variants!.n).toBeGreaterThan(0);
    expect(card(html, 'products')).toBe(String(all!.n - variants!.n));
    expect(html).toContain(`(${variants!.n} variants inside them)`);
  });

  it('shows revenue per currency, orders today, in 7 and in 30 days, and the latest orders and customers', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const { status, html } = await browser.request('GET', '/admin');
    expect(status).toBe(200);
    // USD and AUD are never added into one figure; a canceled order earns nothing.
    expect(card(html, 'revenue-USD')).toBe('$22.50');
    expect(card(html, 'revenue-AUD')).toBe('A$20.00');
    expect(html).not.toContain('all currencies');
    expect(card(html, 'orders')).toBe('5');
    expect(card(html, 'orders-today')).toBe('2');
    expect(card(html, 'orders-7-days')).toBe('3');
    expect(card(html, 'orders-30-days')).toBe('4');
    const latestOrders = /data-testid="latest-orders">([^]*?)<\/table>/.exec(html)?.[1] ?? '';
    for (const number of ['DASH-5', 'DASH-4', 'DASH-1']) expect(latestOrders).toContain(number);
    const [newest] = await shop.database.db.select().from(customers).orderBy(sql`${customers.id} desc`).limit(1);
    const latestCustomers = /data-testid="latest-customers">([^]*?)<\/table>/.exec(html)?.[1] ?? '';
    expect(latestCustomers).toContain(newest!.email);
    expect(latestCustomers).toContain(`href="/admin/customers/${newest!.id}"`);
  });
});

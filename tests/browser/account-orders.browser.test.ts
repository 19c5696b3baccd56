/**
 * A customer's orders after the sale (issue 33 item 11), at desktop width and on a phone: the
 * account lists each order readably with a link, the order page (server-rendered with the session)
 * shows its lines, its status in the shopper's words, its tracking reference and its refund,
 * *Order again* puts its lines in the cart,
 * and another customer's order number is a 404.
 */
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { CategoryNode, ListingPage, Product } from '../../src/lib/content/schemas.ts';
import { adminAuthorization } from '../support/access-module.ts';
import { signIn } from '../support/account-page.ts';
import { expectAccessible, expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { placeGuestOrder } from '../support/guest-order.ts';
import { startShop, type TestShop } from '../support/shop.ts';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

interface Account {
  email: string;
  password: string;
  token: string;
}

let shop: TestShop;
let browser: Browser;
let product: Product;
let shopper: Account;
let shipped: string;
let othersOrder: string;

const url = (path: string) => `${shop.storefront.url}${path}`;

async function registered(label: string): Promise<Account> {
  const account = { email: `${label}-${randomBytes(4).toString('hex')}@example.com`, password: 'Orders#Again2026', firstName: 'Riley', lastName: 'Moss' };
  const api = `${shop.backend.url}/api/rest/v2`;
  const created = await fetch(`${api}/customers`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  expect(created.status, await created.clone().text()).toBe(201);
  const login = await fetch(`${api}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
  expect(login.status).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { email: account.email, password: account.password, token };
}

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  const tree = (await shop.kv.get<CategoryNode[]>('default:categories', 'json')) ?? [];
  for (const node of tree) {
    const listing = await shop.kv.get<ListingPage>(`default:products:category:${node.id}:page:1`, 'json');
    const card = listing?.products.find((candidate) => candidate.type === 'simple' && candidate.stockStatus === 'in_stock');
    if (card) {
      product = (await shop.kv.get<Product>(`default:product:${card.urlKey}`, 'json'))!;
      break;
    }
  }
  expect(product, 'an in-stock simple product').toBeDefined();
  const other = await registered('other');
  shopper = await registered('shopper');
  othersOrder = (await placeGuestOrder(shop.storefront.url, product.sku, other.email, '12345', other.token)).number;
  shipped = (await placeGuestOrder(shop.storefront.url, product.sku, shopper.email, '12345', shopper.token)).number;
  // The merchant ships it: the admin's "complete" is the shopper's "Shipped".
  const admin = await adminAuthorization(shop);
  const found = await fetch(`${shop.backend.url}/api/rest/v2/admin/orders?q=${shipped}`, { headers: { Authorization: admin } });
  const { member } = (await found.json()) as { member: { id: number; number: string }[] };
  const id = member.find((order) => order.number === shipped)?.id;
  expect(id, `order ${shipped} in the admin's list`).toBeDefined();
  const ship = await fetch(`${shop.backend.url}/api/rest/v2/admin/orders/${id}/ship`, {
    method: 'POST',
    headers: { Authorization: admin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ tracking: '1Z999AA10123456784' }),
  });
  expect(ship.status, await ship.clone().text()).toBe(200);
  const refund = await fetch(`${shop.backend.url}/api/rest/v2/admin/orders/${id}/refunds`, {
    method: 'POST',
    headers: { Authorization: admin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 1.5, reason: 'Late delivery' }),
  });
  expect(refund.status, await refund.clone().text()).toBe(201);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe.each(VIEWPORTS)('a customer\'s orders ($name)', (viewport) => {
  it('lists the order readably, opens it, orders it again, and cannot open another customer\'s', async () => {
    const watched = await watchedPage(browser, { width: viewport.width, height: viewport.height });
    const { page } = watched;
    await signIn(page, shop.storefront.url, shopper.email, shopper.password);
    await page.waitForURL(url('/account'));

    const card = page.getByTestId('order').filter({ hasText: shipped });
    await card.waitFor();
    expect(await card.getByTestId('order-list-status').textContent()).toBe('Shipped');
    // Readable: the card spans the panel rather than a thumbnail-sized column, and nothing scrolls sideways.
    const box = await card.boundingBox();
    expect(box!.width).toBeGreaterThan(viewport.width / 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `account-orders-${viewport.name}`);

    await card.getByRole('link', { name: new RegExp(`Order ${shipped}`) }).click();
    await page.waitForURL(url(`/account/orders/${shipped}`));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Order ${shipped}`);
    expect(await page.getByTestId('order-status').textContent()).toBe('Shipped');
    expect(await page.getByTestId('order-tracking').textContent()).toBe('1Z999AA10123456784');
    expect(await page.getByTestId('order-refund').textContent()).toContain('$1.50');
    const row = page.getByTestId('order-lines').locator('tbody tr');
    expect(await row.count()).toBe(1);
    expect(await row.first().textContent()).toContain(product.name);
    expect(await page.getByTestId('shipping-address').textContent()).toContain('12 Analytical Way');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectAccessible(page);

    const again = page.getByRole('button', { name: 'Order again' });
    await expect.poll(() => page.evaluate(() => document.querySelector('astro-island[ssr]') === null)).toBe(true);
    await again.click();
    await expect.poll(() => page.getByTestId('reorder-outcome').textContent()).toContain('Added 1 of 1 item to your cart');
    await screenshot(page, `account-order-${viewport.name}`);
    await page.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(url('/cart'));
    await expect.poll(() => page.locator('main').textContent()).toContain(product.name);

    const theirs = await page.goto(url(`/account/orders/${othersOrder}`));
    expect(theirs?.status()).toBe(404);
    expect(await page.locator('main').textContent()).not.toContain(othersOrder);
    // The 404 page load is the one failure this test causes (the console names no URL for it).
    expectNoProblems(watched, new RegExp(`HTTP 404 GET .*/account/orders/${othersOrder}|status of 404`));
    await page.context().close();
  });
});

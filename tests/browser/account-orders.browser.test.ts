/**
 * A customer's orders after the sale (issue 33 item 11), at desktop width and on a phone: the
 * account lists each order readably with a link, the order page (server-rendered with the session)
 * shows its lines, its status in the shopper's words, its tracking reference and its refund,
 * *Order again* puts its lines in the cart,
 * and another customer's order number is a 404. The refund is emailed to the customer (the outbox),
 * and a session whose token the backend no longer takes ends on the order page with a sign-in.
 */
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { CategoryNode, ListingPage, Product } from '../../src/lib/content/schemas.ts';
import { adminAuthorization } from '../support/access-module.ts';
import { signIn } from '../support/account-page.ts';
import { expectAccessible, expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { emailsTo } from '../support/outbox.ts';
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

describe('the refund', () => {
  it('is emailed to the customer with the amount, what the order comes to, and a link to the order page', async () => {
    const [email] = await emailsTo(shop, 'order_refunded', shopper.email);
    expect(email, 'an order_refunded email in the outbox').toBeDefined();
    expect(email!.subject).toBe(`A refund for your order ${shipped} at Northfield Supply Co.`);
    expect(email!.text).toMatch(new RegExp(`^Hello Ada,\n\nWe have refunded \\$1\\.50 for your order ${shipped}`));
    expect(email!.text).toMatch(/So far \$1\.50 of your order's \$[\d,.]+ has been refunded\./);
    expect(email!.text).toContain(`/account/orders/${shipped}`);
    expect(email!.text).not.toContain('Co..');
  });
});

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

describe('a session the backend no longer takes', () => {
  it('ends on the order page: signed out and sent to sign in, coming back to the order', async () => {
    const account = await registered('ended');
    const number = (await placeGuestOrder(shop.storefront.url, product.sku, account.email, '12345', account.token)).number;
    const watched = await watchedPage(browser);
    const { page } = watched;
    await signIn(page, shop.storefront.url, account.email, account.password);
    await page.waitForURL(url('/account'));
    // Tokens are valid from a whole second on: the change must come after the browser's sign-in.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // Changing the password elsewhere ends every token of the account, the browser's session's too.
    const changed = await fetch(`${shop.backend.url}/api/rest/v2/customers/me/password`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ currentPassword: account.password, newPassword: 'Another#Pass2026' }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);

    const answer = await page.goto(url(`/account/orders/${number}`));
    expect(answer?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(`/account/orders/${number}`);
    // Signed out: the header offers signing in, not the account.
    expect(await page.locator('.site-header').getByRole('link', { name: 'Sign in' }).count()).toBe(1);
    expectNoProblems(watched);
    await page.context().close();
  });
});

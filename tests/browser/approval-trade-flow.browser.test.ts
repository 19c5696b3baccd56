/**
 * The whole trade flow in a real browser, against the real backend and the built storefront, with the
 * demo's modules as `npm start` seeds them: a buyer applies on the `/trade-account` page (the
 * `trade-application` form of Custom Forms), the merchant approves the application in the backend's
 * admin panel, the approval email's set-password link (read from the outbox) sets a password and signs
 * the buyer in, and Trade Supplies then shows its trade price and can be added to the cart.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { CategoryNode, ListingPage, Product } from '../../src/lib/content/schemas.ts';
import { expectAccessible, expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { adminToken, emailedLink } from '../support/outbox.ts';
import { startShop, type TestShop } from '../support/shop.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const applicant = { email: `trade-${Date.now()}@workshop.example`, company: 'Vaughan Workshop Ltd', contact: 'Dorothy Vaughan', password: 'Workshop#2026' };

let shop: TestShop;
let browser: Browser;
let tradeProduct: Product;
let admin: { Authorization: string };

const url = (path: string) => `${shop.storefront.url}${path}`;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  admin = { Authorization: `Bearer ${await adminToken(shop)}` };
  // The form's minimum fill time, shortened so the test need not wait the demo's 3 seconds.
  const forms = await fetch(`${shop.backend.url}/api/rest/v2/admin/custom-forms/config`, { method: 'PUT', headers: { ...admin, 'Content-Type': 'application/json' }, body: JSON.stringify({ minFillSeconds: 1 }) });
  expect(forms.status).toBe(200);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  const tree = (await shop.kv.get<CategoryNode[]>('default:categories', 'json')) ?? [];
  const trade = tree.find((node) => node.urlKey === 'trade-supplies');
  expect(trade).toBeDefined();
  const listing = await shop.kv.get<ListingPage>(`default:products:category:${trade!.id}:page:1`, 'json');
  const card = listing?.products.find((candidate) => candidate.type === 'simple' && candidate.stockStatus === 'in_stock');
  expect(card).toBeDefined();
  tradeProduct = (await shop.kv.get<Product>(`default:product:${card!.urlKey}`, 'json'))!;
  // The guest view (KV) withholds the price.
  expect(tradeProduct.finalPrice).toBeNull();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function applyForTradeAccount(page: Page): Promise<void> {
  await page.goto(url('/login'));
  await page.getByRole('link', { name: 'Apply for a trade account' }).click();
  await page.waitForURL(url('/trade-account'));
  const form = page.locator('[data-shop-form="trade-application"] form');
  await form.getByLabel('Company name').fill(applicant.company);
  await form.getByLabel('VAT / ABN').fill('GB 123 4567 89');
  await form.getByLabel('Contact name').fill(applicant.contact);
  await form.getByLabel('Email').fill(applicant.email);
  await form.getByLabel('Phone').fill('+44 20 7946 0000');
  await form.getByLabel('Country').selectOption('GB');
  await form.getByLabel('What do you buy for?').fill('Fixtures for our joinery workshop.');
  await form.getByLabel('I agree that you store these details to review my application.').check();
  await page.waitForTimeout(1100);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => page.locator('[role="status"][data-form-success]').textContent()).toContain('We review every application');
}

async function approveInAdminPanel(page: Page): Promise<void> {
  await page.goto(`${shop.backend.url}/admin/login`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('Admin#Test2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${shop.backend.url}/admin`);
  // The subscriber makes the application shortly after the submission's event.
  await expect
    .poll(async () => {
      await page.goto(`${shop.backend.url}/admin/b2b-registration?status=pending`);
      return page.getByRole('link', { name: applicant.email }).count();
    })
    .toBe(1);
  await page.getByRole('link', { name: applicant.email }).click();
  await expect.poll(() => page.locator('main').textContent()).toContain(applicant.company);
  await page.getByLabel(/^Note/).fill('VAT number checked.');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => page.locator('main').textContent()).toContain('Status approved');
}

describe('a trade account, from application to trade prices', () => {
  it('applies on the storefront, is approved in the admin, sets a password from the email and buys a Trade Supplies product', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    await applyForTradeAccount(page);
    await screenshot(page, 'trade-applied');
    await expectAccessible(page);

    const adminPage = await browser.newPage();
    await approveInAdminPanel(adminPage);
    await adminPage.close();

    const link = await emailedLink(shop, 'b2b_registration_approved', applicant.email, '/account/set-password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(applicant.password);
    await page.getByLabel('Repeat the new password').fill(applicant.password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(url('/account'));
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain(applicant.contact);

    // Signed in, the Wholesale group's view: the trade price and the buy button.
    const login = await fetch(`${shop.backend.url}/api/rest/v2/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: applicant.email, password: applicant.password }) });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const asTrade = (await (await fetch(`${shop.backend.url}/api/rest/v2/products/${tradeProduct.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Product;
    expect(asTrade.finalPrice).toBeGreaterThan(0);
    await page.goto(url(`/${tradeProduct.urlKey}`));
    await expect.poll(() => page.locator('main .price').first().textContent()).toContain(usd.format(asTrade.finalPrice!));
    const add = page.locator('form.buy-box').getByRole('button', { name: 'Add to cart' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Added to your cart' }).count()).toBe(1);
    await page.goto(url('/cart'));
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe(usd.format(asTrade.finalPrice!));
    await screenshot(page, 'trade-cart');
    expectNoProblems(watched);
    await page.context().close();
  });
});

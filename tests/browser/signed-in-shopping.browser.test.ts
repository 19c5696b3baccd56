/**
 * A Wholesale buyer in a real browser, with the B2B Access module hiding prices from guests and
 * General (set up through its admin API): a guest tab sees the message and no buy button; the buyer
 * signs in in a second tab and the first tab's price and buy blocks refresh without a reload
 * (/plugins/b2b-access.js); the header names the buyer; the buyer adds to the cart and places the
 * order at the price their group sees.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { CategoryNode, ListingPage, Product } from '../../src/lib/content/schemas.ts';
import { configureAccess, HIDE_PRICES_FROM_GUESTS_AND_GENERAL, WHOLESALE_BUYER } from '../support/access-module.ts';
import { expectAccessible, expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { fillAddress, placeOrder } from '../support/checkout-page.ts';
import { startShop, type TestShop } from '../support/shop.ts';

const MESSAGE = HIDE_PRICES_FROM_GUESTS_AND_GENERAL.hidePrice.message;
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

let shop: TestShop;
let browser: Browser;
let product: Product;
let wholesalePrice: number;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  await configureAccess(shop, HIDE_PRICES_FROM_GUESTS_AND_GENERAL);
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
  const login = await fetch(`${shop.backend.url}/api/rest/v2/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(WHOLESALE_BUYER) });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const asWholesale = (await (await fetch(`${shop.backend.url}/api/rest/v2/products/${product.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Product;
  wholesalePrice = asWholesale.finalPrice!;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const url = (path: string) => `${shop.storefront.url}${path}`;

describe('a Wholesale buyer on the storefront', () => {
  it('signs in in another tab, sees the product page refresh to their price, and orders at that price', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(url(`/${product.urlKey}`));
    const buyBox = page.locator('form.buy-box');
    await expect.poll(() => page.locator('main').getByText(MESSAGE).count()).toBeGreaterThan(0);
    expect(await buyBox.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain(usd.format(wholesalePrice));
    await screenshot(page, 'trade-guest-product');
    // Marks this document: still there after the refresh means the page was never reloaded.
    await page.evaluate(() => document.documentElement.setAttribute('data-test-loaded-once', ''));

    const signInTab = await page.context().newPage();
    await signInTab.goto(url('/login'));
    await signInTab.getByLabel('Email').fill(WHOLESALE_BUYER.email);
    await signInTab.getByLabel('Password').fill(WHOLESALE_BUYER.password);
    await signInTab.getByRole('button', { name: 'Sign in' }).click();
    await signInTab.waitForURL(url('/account'));
    await expect.poll(() => signInTab.locator('header [data-signed-in]').count()).toBe(1);
    await signInTab.close();

    // The first tab heard of the sign-in (storage event) and swapped its blocks in place.
    await expect.poll(() => page.locator('main .price').first().textContent()).toContain(usd.format(wholesalePrice));
    await expect.poll(() => page.locator('header [data-signed-in]').count()).toBe(1);
    expect(await page.locator('html[data-test-loaded-once]').count()).toBe(1);
    await screenshot(page, 'trade-signed-in-product');

    const add = buyBox.getByRole('button', { name: 'Add to cart' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Added to your cart' }).count()).toBe(1);

    await page.goto(url('/cart'));
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe(usd.format(wholesalePrice));
    await page.goto(url('/checkout'));
    await fillAddress(page);
    const number = await placeOrder(page);
    expect(number).toMatch(/^1\d{8}$/);
    expect(await page.locator('main').textContent()).toContain(usd.format(wholesalePrice));
    await expectAccessible(page);
    expectNoProblems(watched);
    await page.context().close();
  });

  it('sees their name in the header on every catalog page after signing in, and the guest view after signing out', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(url('/login'));
    await page.getByLabel('Email').fill(WHOLESALE_BUYER.email);
    await page.getByLabel('Password').fill(WHOLESALE_BUYER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/account'));
    await page.goto(url(`/${product.urlKey}`));
    expect(await page.locator('header [data-signed-in]').textContent()).toMatch(/^Hi, \S+/);
    expect(await page.locator('main .price').first().textContent()).toContain(usd.format(wholesalePrice));
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'shop_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // No script can read the session cookie.
    expect(await page.evaluate(() => document.cookie)).not.toContain('shop_session');

    await page.goto(url('/logout'));
    await expect.poll(() => page.getByText('You are signed out.').count()).toBe(1);
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'shop_session')).toBe(false);
    await page.goto(url(`/${product.urlKey}`));
    expect(await page.locator('header [data-signed-in]').count()).toBe(0);
    expect(await page.locator('main').textContent()).toContain(MESSAGE);
    expectNoProblems(watched);
    await page.context().close();
  });
});

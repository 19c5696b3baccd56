/**
 * The shop on a phone (390×844, touch): no page scrolls sideways, the cart shows a thumbnail and a
 * link per line, and add-to-cart works on the first tap right after the page loads, without the
 * shopper scrolling the buy box into view first.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { CategoryNode, ListingPage, Product } from '../../src/lib/content/schemas.ts';
import { expectNoProblems, screenshot, type WatchedPage } from '../support/browser.ts';
import { startShop, type TestShop } from '../support/shop.ts';

const PHONE = { width: 390, height: 844 };

let shop: TestShop;
let browser: Browser;
let category: CategoryNode;
let simple: Product;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  const tree = (await shop.kv.get<CategoryNode[]>('default:categories', 'json')) ?? [];
  for (const node of tree) {
    const listing = await shop.kv.get<ListingPage>(`default:products:category:${node.id}:page:1`, 'json');
    const card = listing?.products.find((candidate) => candidate.type === 'simple' && candidate.stockStatus === 'in_stock');
    if (!card) continue;
    simple = (await (await fetch(`${shop.backend.url}/api/rest/v2/products/${card.id}`)).json()) as Product;
    category = node;
    break;
  }
  expect(simple, 'an in-stock simple product on a top category page').toBeDefined();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const url = (path: string) => `${shop.storefront.url}${path}`;

async function phonePage(): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return { page, problems };
}

/** How far the page reaches past the viewport's right edge (0 when nothing scrolls sideways). */
async function overflow(page: Page): Promise<{ scrollWidth: number; viewport: number; widest: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const widest = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} → ${Math.round(element.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, viewport, widest };
  });
}

async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await screenshot(page, `mobile-${name}`);
  const measured = await overflow(page);
  expect(measured.scrollWidth, `${name}: ${page.url()} is wider than the phone (${measured.widest.join(', ')})`).toBeLessThanOrEqual(measured.viewport);
}

describe('the shop on a 390 px phone', () => {
  it('adds to the cart on a tap right after the product page loads, without scrolling', async () => {
    const watched = await phonePage();
    const { page } = watched;
    await page.goto(url(`/${simple.urlKey}`), { waitUntil: 'load' });
    const button = page.getByRole('button', { name: 'Add to cart' });
    // The buy box starts below the fold on a phone; the page must not need scrolling to make it work.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await button.tap();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Added to your cart' }).count()).toBe(1);
    await expect.poll(() => page.locator('[data-cart-count]').textContent()).toBe('1');
    expectNoProblems(watched);
    await page.context().close();
  });

  it('scrolls no shopper page sideways, and the cart shows a thumbnail and a link per line', async () => {
    const watched = await phonePage();
    const { page } = watched;
    await page.goto(url('/'));
    await expectNoSidewaysScroll(page, 'home');
    await page.goto(url(`/${category.urlPath}`));
    await expectNoSidewaysScroll(page, 'category');
    await page.goto(url(`/${simple.urlKey}`));
    await expectNoSidewaysScroll(page, 'product');
    await page.getByRole('button', { name: 'Add to cart' }).tap();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Added to your cart' }).count()).toBe(1);

    await page.goto(url('/cart'));
    const line = page.locator('.line').first();
    await line.waitFor();
    await expect.poll(() => line.locator('img').getAttribute('src')).toMatch(/^\/media\//);
    expect(await line.getByRole('link', { name: simple.name }).getAttribute('href')).toBe(`/${simple.urlKey}`);
    await expectNoSidewaysScroll(page, 'cart');

    await page.goto(url('/checkout'));
    await page.getByLabel('Email').waitFor();
    await expectNoSidewaysScroll(page, 'checkout');
    await page.goto(url('/account'));
    await expectNoSidewaysScroll(page, 'account');
    await page.goto(url('/login'));
    await expectNoSidewaysScroll(page, 'login');
    const word = simple.name.split(/\s+/).find((part) => part.length > 3) ?? simple.name;
    await page.goto(url(`/search?q=${encodeURIComponent(word)}`));
    await expectNoSidewaysScroll(page, 'search');
    await page.goto(url('/about-us'));
    await expectNoSidewaysScroll(page, 'cms-page');
    await page.goto(url('/blog'));
    await expectNoSidewaysScroll(page, 'blog');
    await page.locator('main h2 a').first().click();
    await page.waitForURL(/\/blog\/[^/]+$/);
    await expectNoSidewaysScroll(page, 'blog-post');
    expectNoProblems(watched);
    await page.context().close();
    // Twelve page loads in one walk: twice the suite's default, since a loaded CI machine took over 60 s.
  }, 120_000);
});

/**
 * B2B Access for a guest in a real browser (issue 13): on a product whose price is hidden and whose
 * purchase is blocked the guest sees the message and a sign-in link, and no quantity or add-to-cart
 * control; behind the store-wide login wall a guest asking for a category lands on the sign-in page
 * with the wall's notice and, once signed in, comes back to that category. The gate's flags and
 * the manifests are written to KV as the sync writes them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { CategoryNode, Product } from '../../src/lib/content/schemas.ts';
import { expectAccessible, expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { SHOPPER } from '../support/access-module.ts';
import { accessManifest, withManifests } from '../support/b2b-manifests.ts';
import { startShop, type TestShop } from '../support/shop.ts';

const MESSAGE = 'Trade prices are shown to approved trade accounts.';
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  expect((await shop.manage('/sync')).status).toBe(200);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const url = (path: string) => `${shop.storefront.url}${path}`;

/**
 * The way to a trade account on the demo's gated range (issue 33 item 12), before any test below
 * changes the manifests: the category says the message once, above the grid, with Sign in and
 * Apply for a trade account as buttons; its cards say "Trade price"; the product's buy box offers
 * the same two buttons; the header's link for a guest is Sign in.
 */
describe.each([
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
])('the trade call to action ($name)', (viewport) => {
  it('leads a guest from Trade Supplies and its product to sign in or apply, once per page', async () => {
    const tree = (await shop.kv.get<CategoryNode[]>('default:categories', 'json')) ?? [];
    const trade = tree.find((node) => node.name === 'Trade Supplies')!;
    expect(trade, 'the demo\'s Trade Supplies category').toBeDefined();
    const watched = await watchedPage(browser, { width: viewport.width, height: viewport.height });
    const { page } = watched;
    await page.goto(url(`/${trade.urlPath}`));

    const cta = page.locator('[data-trade-cta]');
    expect(await cta.count()).toBe(1);
    expect(await cta.textContent()).toContain(MESSAGE);
    expect(await page.locator('main').textContent()).not.toMatch(/\$\s?\d/);
    // The sentence is not repeated on the cards.
    expect((await page.locator('main').textContent())!.split(MESSAGE).length - 1).toBe(1);
    expect(await page.locator('.card [data-price-hidden]').first().textContent()).toContain('Trade price');
    const signIn = cta.getByRole('link', { name: 'Sign in' });
    const apply = cta.getByRole('link', { name: 'Apply for a trade account' });
    expect(await signIn.getAttribute('href')).toBe(`/login?returnTo=${encodeURIComponent(`/${trade.urlPath}`)}`);
    expect(await apply.getAttribute('href')).toBe('/trade-account');
    // Buttons, not grey footnotes: the shop's button class, a tap-sized box.
    for (const link of [signIn, apply]) {
      expect(await link.getAttribute('class')).toMatch(/\bbutton\b/);
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    }
    // The header's way in for a guest is signing in.
    expect(await page.locator('.site-header').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, `trade-cta-category-${viewport.name}`);
    await expectAccessible(page);

    await page.locator('.card a').first().click();
    await page.waitForLoadState('domcontentloaded');
    const summary = page.locator('.summary');
    await expect.poll(() => summary.locator('[data-price-hidden]').textContent()).toContain(MESSAGE);
    const buyBox = summary.locator('[data-trade-cta]');
    expect(await buyBox.count()).toBe(1);
    expect(await buyBox.getByRole('link', { name: 'Sign in' }).getAttribute('class')).toMatch(/\bbutton\b/);
    expect(await buyBox.getByRole('link', { name: 'Apply for a trade account' }).getAttribute('href')).toBe('/trade-account');
    expect(await summary.getByLabel('Quantity').count()).toBe(0);
    await screenshot(page, `trade-cta-product-${viewport.name}`);
    await expectAccessible(page);

    await buyBox.getByRole('link', { name: 'Apply for a trade account' }).click();
    await page.waitForURL(url('/trade-account'));
    expectNoProblems(watched);
    await page.context().close();
  });
});

describe('a guest on the storefront', () => {
  it('sees the hidden-price message and no buy controls on a gated product', async () => {
    const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=20`)).json()) as { member: Product[] };
    const base = listing.member.find((product) => product.type === 'simple')!;
    const gated = {
      ...base, urlKey: 'browser-gated-gloves', relatedSkus: [], price: null, specialPrice: null, finalPrice: null, minimalPrice: null,
      extensions: { b2bAccess: { gateFlags: { requiresLogin: false, hidePrice: true, canCheckout: false, hiddenFromListings: false }, hiddenPriceMessage: MESSAGE, redirectTo: null } },
    };
    await shop.kv.put('default:product:browser-gated-gloves', JSON.stringify(gated), { metadata: { updatedAt: base.updatedAt } });

    const watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(url('/browser-gated-gloves'));
    const summary = page.locator('.summary');
    await expect.poll(() => summary.locator('[data-price-hidden]').textContent()).toContain(MESSAGE);
    // One way on, in the buy box: sign in (back here) and apply for a trade account, as buttons.
    expect(await summary.locator('[data-trade-cta]').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?returnTo=%2Fbrowser-gated-gloves');
    expect(await summary.getByRole('link', { name: 'Apply for a trade account' }).getAttribute('href')).toBe('/trade-account');
    expect(await summary.getByRole('button', { name: /add to cart|buy/i }).count()).toBe(0);
    expect(await summary.getByLabel('Quantity').count()).toBe(0);
    expect(await summary.textContent()).not.toMatch(/\$\s?\d/);
    await screenshot(page, 'b2b-guest-gated-product');
    await expectAccessible(page);
    expectNoProblems(watched);
  });

  it('is sent to sign in by the store-wide wall and comes back to the page after signing in', async () => {
    await withManifests(shop, [accessManifest({ storeWide: true, redirectTo: '/login', exemptPaths: [] }, 'Members only: sign in to shop.')]);
    const [category] = (await shop.kv.get('default:categories', 'json')) as CategoryNode[];
    const categoryPath = `/${category!.urlPath}`;

    const watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(url(categoryPath));
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(categoryPath);
    await expect.poll(() => page.locator('[data-login-notice]').textContent()).toBe('Members only: sign in to shop.');

    await page.getByLabel('Email').fill(SHOPPER.email);
    await page.getByLabel('Password').fill(SHOPPER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url(categoryPath));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(category!.name);
    await screenshot(page, 'b2b-wall-returned');
    expectNoProblems(watched);
  });
});

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
    await expect.poll(() => summary.getByRole('link', { name: MESSAGE }).getAttribute('href')).toBe('/login?returnTo=%2Fbrowser-gated-gloves');
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

/**
 * A hidden price is never charged blind (DECISIONS.md 61, issue 29) in a real browser, against the
 * real backend: basic mode with *Hide price* on for guests and *Block purchasing too* off. The guest's
 * product page shows the message where the buy box would be, the backend refuses the cart add that a
 * hand-made request tries through the storefront's `/api` proxy (403 purchase_blocked), and the cart
 * and checkout pages never show the price.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { Product } from '../../src/lib/content/schemas.ts';
import { configureAccess, GROUP } from '../support/access-module.ts';
import { expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { startShop, type TestShop } from '../support/shop.ts';

const MESSAGE = 'Sign in to see trade prices.';
let shop: TestShop;
let browser: Browser;
/** A simple, in-stock product whose price the guest must never see. */
let product: Product;

const url = (path: string) => `${shop.storefront.url}${path}`;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  // Read before the gate: afterwards the guest's API no longer tells the price.
  const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=20`)).json()) as { member: Product[] };
  product = listing.member.find((item) => item.type === 'simple' && item.stockStatus === 'in_stock' && item.finalPrice !== null)!;
  await configureAccess(shop, {
    enabled: true,
    mode: 'basic',
    hidePrice: { enabled: true, blockPurchase: false, message: MESSAGE },
    activationMatrix: { byCustomerGroup: true, customerGroups: [GROUP.guest], byCategory: false, categoryIds: [] },
  });
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('a guest under Hide price alone (purchase not blocked)', () => {
  it('has no add-to-cart, cannot add through the API, and never sees the price in the cart or checkout', async () => {
    const price = product.finalPrice!.toFixed(2);
    const watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(url(`/${product.urlKey}`));
    const summary = page.locator('.summary');
    await expect.poll(() => summary.textContent()).toContain(MESSAGE);
    expect(await summary.getByRole('button', { name: /add to cart|buy/i }).count()).toBe(0);
    expect(await summary.getByLabel('Quantity').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain(price);
    await screenshot(page, 'b2b-hide-price-only-product');

    // The control is absent, but a hand-made request through the storefront's proxy is refused too.
    const added = await page.evaluate(async (sku) => {
      const response = await fetch('/api/cart/items', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ sku, qty: 1 }),
      });
      return { status: response.status, body: (await response.json()) as { error?: string } };
    }, product.sku);
    expect(added).toMatchObject({ status: 403, body: { error: 'purchase_blocked' } });

    for (const path of ['/cart', '/checkout']) {
      await page.goto(url(path));
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text, path).not.toContain(price);
      expect(text, path).not.toContain(product.name);
    }
    await screenshot(page, 'b2b-hide-price-only-checkout');
    // The refused add is the one error the page itself made.
    expectNoProblems(watched, /403/);
  });
});

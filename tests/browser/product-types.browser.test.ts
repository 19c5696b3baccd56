/**
 * Buying the product types that take a choice, in a real browser: a bundle with its selections and
 * a gift card with its amount and people are added from their product pages, show what was chosen
 * in the cart, and check out; every type's product page stays within the JavaScript budget.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { Product } from '../../src/lib/content/schemas.ts';
import { expectAccessible, expectNoProblems, JS_BUDGET_BYTES, productPageScripts, screenshot, untilAddToCartHydrated, watchedPage } from '../support/browser.ts';
import { fillAddress, placeOrder } from '../support/checkout-page.ts';
import { startShop, type TestShop } from '../support/shop.ts';

let shop: TestShop;
let browser: Browser;
const byType = new Map<string, Product>();
const inStockSkus = new Set<string>();
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  // Every product of the default store as a guest sees it: which SKUs are in stock, and the first
  // in-stock product of each type in full; a bundle whose required options each have a selection in stock.
  const listed: Product[] = [];
  for (let page = 1; ; page++) {
    const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=100&page=${page}`)).json()) as { member: Product[] };
    listed.push(...listing.member.filter((product) => product.stockStatus === 'in_stock'));
    if (listing.member.length < 100) break;
  }
  for (const product of listed) inStockSkus.add(product.sku);
  const buyable = (product: Product) =>
    product.type !== 'bundle' || (product.bundleOptions ?? []).every((option) => !option.required || option.selections.some((s) => inStockSkus.has(s.sku)));
  for (const product of listed) {
    if (byType.has(product.type)) continue;
    const detail = (await (await fetch(`${shop.backend.url}/api/rest/v2/products/${product.id}`)).json()) as Product;
    if (buyable(detail)) byType.set(product.type, detail);
  }
  for (const type of ['bundle', 'giftcard', 'downloadable', 'grouped']) expect(byType.get(type), `an in-stock ${type} product`).toBeDefined();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const url = (path: string) => `${shop.storefront.url}${path}`;

async function addToCart(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Added to your cart' }).count()).toBe(1);
}

describe('bundle and gift card products in the browser', () => {
  it('adds a bundle and a gift card from their pages, shows the choices in the cart, and checks out', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;

    // The bundle: in every option the first selection that is in stock (optional ones too).
    const bundle = byType.get('bundle')!;
    const chosen = bundle.bundleOptions!.map((option) => ({ option, selection: option.selections.find((s) => inStockSkus.has(s.sku)) }));
    await page.goto(url(`/${bundle.urlKey}`));
    await untilAddToCartHydrated(page);
    for (const { option, selection } of chosen) {
      if (option.type === 'select') await page.locator(`select[name="bundle[${option.id}]"]`).selectOption(selection ? String(selection.id) : '');
      else if (option.type === 'radio') await page.locator(`input[name="bundle[${option.id}]"][value="${selection!.id}"]`).check();
      else for (const other of option.selections) await page.locator(`input[name="bundle[${option.id}][]"][value="${other.id}"]`).setChecked(other.id === selection?.id);
    }
    const bundlePrice = chosen.reduce((sum, { selection }) => sum + (selection ? (selection.price ?? 0) * selection.defaultQty : 0), 0);
    await expect.poll(() => page.getByTestId('choice-price').textContent()).toContain(usd.format(bundlePrice));
    await screenshot(page, 'product-bundle');
    await expectAccessible(page);
    await addToCart(page);

    // The gift card: the last listed amount (or an open one), to Ada by email, with a message.
    const card = byType.get('giftcard')!;
    const amount = card.giftcardAmounts?.at(-1) ?? card.openAmountMin!;
    await page.goto(url(`/${card.urlKey}`));
    await untilAddToCartHydrated(page);
    if (card.giftcardAmounts?.length) await page.getByRole('radio', { name: usd.format(amount) }).check();
    else await page.getByLabel('Amount').fill(String(amount));
    await page.getByLabel('Recipient name').fill('Ada Lovelace');
    await page.getByLabel('Recipient email').fill('ada@example.com');
    await page.getByLabel('Your name').fill('Charles Babbage');
    await page.getByLabel('Your email').fill('charles@example.com');
    await page.getByLabel('Message').fill('For the Analytical Engine fund');
    await screenshot(page, 'product-giftcard');
    await expectAccessible(page);
    await addToCart(page);

    await page.goto(url('/cart'));
    const bundleLine = page.locator(`li[data-sku="${bundle.sku}"]`);
    await expect.poll(() => bundleLine.textContent()).toContain(usd.format(bundlePrice));
    const bundleText = (await bundleLine.textContent()) ?? '';
    for (const { option, selection } of chosen) if (selection) expect(bundleText).toContain(`${option.title}: ${selection.name}`);
    const cardText = (await page.locator(`li[data-sku="${card.sku}"]`).textContent()) ?? '';
    expect(cardText).toContain('To: Ada Lovelace (ada@example.com)');
    expect(cardText).toContain('From: Charles Babbage (charles@example.com)');
    expect(cardText).toContain('Message: For the Analytical Engine fund');
    expect(cardText).toContain(usd.format(amount));
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe(usd.format(bundlePrice + amount));
    await screenshot(page, 'cart-bundle-giftcard');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await page.waitForURL(url('/checkout'));
    await page.getByLabel('Email').fill('charles@example.com');
    await fillAddress(page);
    expect(await placeOrder(page)).toMatch(/^\d+$/);
    expectNoProblems(watched);
    await page.context().close();
  });

  it("copies a cart handed over by link into the person's own cart, each line with its choice (bundle selections, download links, a gift card's people)", async () => {
    // The guest cart an agent or another browser built (cart-handoff.ts): one line of each type that takes a choice.
    const bundle = byType.get('bundle')!;
    const downloadable = byType.get('downloadable')!;
    const card = byType.get('giftcard')!;
    const bundleOptions = Object.fromEntries(
      bundle.bundleOptions!.flatMap((option) => {
        const selection = option.selections.find((s) => inStockSkus.has(s.sku));
        return option.required && selection ? [[String(option.id), [selection.id]]] : [];
      }),
    );
    const adds = [
      { sku: bundle.sku, qty: 1, bundleOptions },
      { sku: downloadable.sku, qty: 1, links: (downloadable.downloadableLinks ?? []).map((link) => link.id) },
      {
        sku: card.sku,
        qty: 1,
        giftcard: { amount: card.giftcardAmounts?.[0] ?? card.openAmountMin!, senderName: 'Charles Babbage', senderEmail: 'charles@example.com', recipientName: 'Ada Lovelace', recipientEmail: 'ada@example.com', message: 'Handed over' },
      },
    ];
    let handedToken: string | null = null;
    for (const add of adds) {
      const answer: Response = await fetch(url('/api/cart/items'), { method: 'POST', headers: { 'Content-Type': 'application/json', ...(handedToken ? { 'X-Cart-Token': handedToken } : {}) }, body: JSON.stringify(add) });
      expect(answer.status, await answer.clone().text()).toBe(200);
      handedToken ??= answer.headers.get('X-Cart-Token');
    }
    const linesOf = async (token: string) => {
      const cart = (await (await fetch(url('/api/cart'), { headers: { 'X-Cart-Token': token } })).json()) as { items: { sku: string; qty: number; configuration: unknown }[] };
      return cart.items.map(({ sku, qty, configuration }) => ({ sku, qty, configuration })).sort((a, b) => a.sku.localeCompare(b.sku));
    };
    const handed = await linesOf(handedToken!);
    expect(handed.map((line) => line.sku)).toEqual(adds.map((add) => add.sku).sort());

    const watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(url(`/cart#cart=${handedToken}`));
    await expect.poll(() => page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').count()).toBe(adds.length);
    const ownToken = await page.evaluate(() => window.localStorage.getItem('shop.cartToken'));
    expect(ownToken).not.toBe(handedToken);
    expect(await linesOf(ownToken!)).toEqual(handed);
    expectNoProblems(watched);
    await page.context().close();
  });

  it('says what a gift card is missing before anything is sent', async () => {
    const { page } = await watchedPage(browser);
    const card = byType.get('giftcard')!;
    await page.goto(url(`/${card.urlKey}`));
    await untilAddToCartHydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    // The browser's own validation stops the submit at the first required field.
    expect(await page.getByLabel('Recipient name').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Added to your cart' }).count()).toBe(0);
    await page.context().close();
  });

  it(`keeps every product type's page within ${JS_BUDGET_BYTES / 1024} KB of gzipped JavaScript`, async () => {
    for (const type of ['bundle', 'giftcard', 'downloadable', 'grouped']) {
      const scripts = await productPageScripts(browser, url(`/${byType.get(type)!.urlKey}`));
      expect(scripts.urls.some((script) => script.includes('/_astro/AddToCart.')), type).toBe(true);
      expect(scripts.gzippedBytes, type).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    }
  });
});

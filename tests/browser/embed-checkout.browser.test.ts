/**
 * The widget's lightbox, cart and inline checkout in a real browser, on a host page served from
 * another origin than the store: keyboard and focus, axe on card, lightbox and checkout, the
 * server cart (badge, events, reload), a configurable's choice, and checkout with the test card,
 * a declined card first, the order checked in the backend.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { serveHostPage, type HostPage } from '../../scripts/lib/host-page.ts';
import type { Product } from '../../src/lib/content/schemas.ts';
import { screenshot, seriousViolations, watchedPage } from '../support/browser.ts';
import { startShop, type TestShop } from '../support/shop.ts';

let shop: TestShop;
let browser: Browser;
let host: HostPage;
let simple: Product;
let configurable: Product;

interface Recorded {
  type: string;
  detail: { items: Array<{ sku: string; name: string; quantity: number; price: number | null }>; value: number; currency: string; orderNumber?: string };
}

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  expect((await shop.manage('/sync')).status).toBe(200);
  const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=100`)).json()) as { member: Product[] };
  simple = listing.member.find((product) => product.type === 'simple' && product.finalPrice !== null && product.stockStatus === 'in_stock' && !product.sku.startsWith('TS-'))!;
  const summary = listing.member.find((product) => product.type === 'configurable' && product.finalPrice !== null)!;
  configurable = (await (await fetch(`${shop.backend.url}/api/rest/v2/products/${summary.id}`)).json()) as Product;
  const script = `<script src="${shop.storefront.url}/embed.js" data-store="${shop.storefront.url}" data-accent="#7c3aed"></script>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title></head><body>
<main><h1>Our picks</h1><button id="before">Before</button>
<div style="display:grid;grid-template-columns:repeat(2,240px);gap:16px">
<div data-shop-product="${simple.sku}"></div><div data-shop-product="${configurable.sku}"></div></div></main>
<script>window.recorded = []; for (const type of ['ready','view_item','add_to_cart','begin_checkout','purchase'])
  document.addEventListener('shop:' + type, (event) => window.recorded.push({ type, detail: event.detail }));</script>
${script}</body></html>`;
  host = await serveHostPage(html);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await shop?.stop();
});

async function openHost(): Promise<{ page: Page; problems: string[] }> {
  const watched = await watchedPage(browser);
  await watched.page.goto(`${host.origin}/`);
  await expect.poll(() => watched.page.locator('shop-product-card .name').count()).toBe(2);
  return watched;
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { recorded: Recorded[] }).recorded);
const dialog = (page: Page) => page.locator('shop-lightbox [role="dialog"]');
const activeLabel = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return `${active?.tagName}:${active?.getAttribute('aria-label') ?? active?.textContent?.trim()}`;
  });

describe('the lightbox', () => {
  it('opens from the keyboard, keeps focus inside, closes with Escape and gives focus back to the card', async () => {
    const { page, problems } = await openHost();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('#before').focus();
    await page.keyboard.press('Tab');
    expect(await activeLabel(page)).toBe(`BUTTON:${simple.name}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    expect(await dialog(page).getAttribute('aria-modal')).toBe('true');
    expect(await dialog(page).locator('h2').textContent()).toBe(simple.name);
    // Tab cycles through the dialog's controls only.
    const seen = new Set<string>();
    for (let step = 0; step < 8; step++) {
      await page.keyboard.press('Tab');
      seen.add(await activeLabel(page));
    }
    expect([...seen].every((label) => !label.includes(configurable.name) && label !== 'BUTTON:Before')).toBe(true);
    expect(seen.has('BUTTON:Add to cart')).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'embed-lightbox');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(await activeLabel(page)).toBe(`BUTTON:${simple.name}`);
    const events = await recorded(page);
    expect(events.map((event) => event.type)).toEqual(['ready', 'view_item']);
    expect(events[1]!.detail).toEqual({ items: [{ sku: simple.sku, name: simple.name, quantity: 1, price: simple.finalPrice }], value: simple.finalPrice, currency: 'USD' });
    expect(problems).toEqual([]);
  });

  it('keeps focus inside through adding to the cart; Escape then closes it and focus returns to the card', async () => {
    const { page, problems } = await openHost();
    // Both spellings subscribe (the documented bare name, and the DOM event's own).
    await page.evaluate(() => {
      const embed = (window as unknown as { ShopEmbed: { on(name: string, handler: (detail: unknown) => void): () => void } }).ShopEmbed;
      const heard: string[] = [];
      Object.assign(window, { heard });
      embed.on('add_to_cart', () => heard.push('bare'));
      embed.on('shop:add_to_cart', () => heard.push('prefixed'));
    });
    await page.locator('#before').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    // A click, as the shopper did: the button takes focus, then is busy while the cart answers.
    await dialog(page).getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.locator('shop-lightbox [role="status"]').textContent()).toBe(`Added 1 × ${simple.name} to the cart.`);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SHOP-LIGHTBOX');
    expect(await page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual(['bare', 'prefixed']);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(await activeLabel(page)).toBe(`BUTTON:${simple.name}`);
    expect(problems).toEqual([]);
  });

  it('asks for a configurable\'s options, shows sold-out values, and closes on the backdrop', async () => {
    const { page } = await openHost();
    await page.locator(`shop-product-card[data-shop-sku="${configurable.sku}"] .open`).click();
    const box = dialog(page);
    const add = box.getByRole('button', { name: 'Add to cart' });
    expect(await add.isDisabled()).toBe(true);
    const first = configurable.configurableOptions![0]!;
    expect(await box.locator('.note').textContent()).toBe(`Choose ${first.label.toLowerCase()}.`);
    // Choose, for every option, the first value an in-stock variant offers.
    const variant = configurable.variants!.find((candidate) => candidate.stockStatus === 'in_stock')!;
    for (const option of configurable.configurableOptions!) {
      await box.getByLabel(option.label).selectOption(String(variant.attributes[option.attributeCode]));
    }
    expect(await add.isDisabled()).toBe(false);
    expect(await box.locator('.price').textContent()).toContain(String(variant.finalPrice!.toFixed(2)));
    await page.mouse.click(5, 5);
    await expect.poll(() => dialog(page).count()).toBe(0);
  });
});

describe('cart and checkout', () => {
  it('adds to the server cart, shows the badge, keeps the cart over a reload and in another tab, and checks out after a declined card', async () => {
    const { page, problems } = await openHost();
    await page.locator(`shop-product-card[data-shop-sku="${simple.sku}"] .open`).click();
    await dialog(page).getByLabel('Quantity').fill('2');
    await dialog(page).getByRole('button', { name: 'Add to cart' }).click();
    const badge = page.locator('shop-cart-badge button');
    const badgeName = (tab: Page) => tab.locator('shop-cart-badge button').evaluate((button) => button.textContent?.replace(/\s+/g, ' ').trim());
    await expect.poll(() => badgeName(page)).toBe('Cart 2 items');
    expect(await page.locator('shop-lightbox [role="status"]').textContent()).toBe(`Added 2 × ${simple.name} to the cart.`);
    const added = (await recorded(page)).find((event) => event.type === 'add_to_cart')!;
    expect(added.detail).toMatchObject({ items: [{ sku: simple.sku, quantity: 2, price: simple.finalPrice }], currency: 'USD' });
    await page.keyboard.press('Escape');

    // Another tab of the host page sees the same cart.
    const other = await page.context().newPage();
    await other.goto(`${host.origin}/`);
    await expect.poll(() => badgeName(other)).toBe('Cart 2 items');
    await page.reload();
    await expect.poll(() => badgeName(page)).toBe('Cart 2 items');

    await page.getByRole('button', { name: 'Cart 2 items' }).click();
    const box = dialog(page);
    await expect.poll(() => box.locator('h2').textContent()).toBe('Checkout');
    await expect.poll(() => box.locator('input[name="shippingMethod"]').count()).toBeGreaterThan(0);
    expect(await box.locator('select[name="countryId"]').inputValue()).toBe('US');
    expect(await seriousViolations(page)).toEqual([]);
    // One fewer in the cart, from the checkout's line.
    await box.getByLabel(`Quantity of ${simple.name}`).fill('1');
    await box.getByLabel(`Quantity of ${simple.name}`).press('Tab');
    await expect.poll(() => badgeName(other)).toBe('Cart 1 item');

    await box.getByLabel('Email', { exact: true }).fill('widget-buyer@example.com');
    await box.getByLabel('First name').fill('Wid');
    await box.getByLabel('Last name').fill('Get');
    await box.getByLabel('Street address').fill('1 Main Street');
    await box.getByLabel('City', { exact: true }).fill('Springfield');
    await box.getByLabel('Postcode').fill('62701');
    // The region list comes with the countries, after the form: wait for it (the US, the demo's default, has states).
    await box.getByLabel('State or region').selectOption({ index: 1 });
    await box.getByLabel('Card number').fill('4000 0000 0000 0002');
    await box.getByRole('button', { name: /Place order/ }).click();
    await expect.poll(() => box.locator('[role="alert"]').textContent()).toContain('declined');
    expect(await box.getByLabel('Street address').inputValue()).toBe('1 Main Street');
    await screenshot(page, 'embed-checkout-declined');

    await box.getByLabel('Card number').fill('4242 4242 4242 4242');
    await box.getByRole('button', { name: /Place order/ }).click();
    await expect.poll(() => box.locator('h2').textContent(), { timeout: 15_000 }).toBe('Thank you!');
    const number = (await box.locator('strong').textContent())!;
    await expect.poll(() => badge.count()).toBe(0);
    await expect.poll(() => other.locator('shop-cart-badge button').count()).toBe(0);

    const purchase = (await recorded(page)).find((event) => event.type === 'purchase')!;
    expect(purchase.detail).toMatchObject({ orderNumber: number, items: [{ sku: simple.sku, quantity: 1, price: simple.finalPrice }], value: simple.finalPrice });
    expect((await recorded(page)).some((event) => event.type === 'begin_checkout')).toBe(true);
    const lookup = await fetch(`${shop.backend.url}/api/rest/v2/orders/lookup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ number, email: 'widget-buyer@example.com', postcode: '62701' }),
    });
    expect(lookup.status).toBe(200);
    expect(((await lookup.json()) as { lines: Array<{ sku: string; qty: number }> }).lines).toEqual([expect.objectContaining({ sku: simple.sku, qty: 1 })]);
    // The declined attempt is the only failed request the page made (its 422).
    expect(problems.filter((problem) => !problem.includes('422') && !problem.includes('payment-intents'))).toEqual([]);
  });
});

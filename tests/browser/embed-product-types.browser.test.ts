/**
 * Every product type bought inline from the widget on a host page of another origin (issue 34):
 * simple, configurable, grouped, bundle, downloadable, virtual and gift card, each its own order
 * through the lightbox's checkout with the test card, each order read back through the backend's
 * order lookup with the lines and prices the choice came to. And one purchase with the keyboard
 * alone: Tab to a bundle's card, choose its options, add, Escape and back, the cart badge, the
 * checkout and the order number, with focus inside the dialog after every step and axe clean.
 * Last, B2B Access on two composites: a hidden price shows the message and no choice, no sum and no
 * button; a blocked purchase shows the price and no button.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { serveHostPage, type HostPage } from '../../scripts/lib/host-page.ts';
import type { OrderLine } from '../../contracts/order.ts';
import type { Product } from '../../src/lib/content/schemas.ts';
import { configureAccess, createRule, GROUP } from '../support/access-module.ts';
import { screenshot, seriousViolations, watchedPage } from '../support/browser.ts';
import { startShop, type TestShop } from '../support/shop.ts';

let shop: TestShop;
let browser: Browser;
let host: HostPage;
const byType = new Map<Product['type'], Product>();
/** A second bundle for the keyboard purchase, so its card is not the one the other test bought. */
let keyboardBundle: Product;
const inStock = new Set<string>();
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const cents = (amount: number) => Math.round(amount * 100) / 100;

const TYPES = ['simple', 'configurable', 'grouped', 'bundle', 'downloadable', 'virtual', 'giftcard'] as const;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  const listed: Product[] = [];
  for (let page = 1; ; page++) {
    const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=100&page=${page}`)).json()) as { member: Product[] };
    listed.push(...listing.member.filter((product) => product.stockStatus === 'in_stock' && product.finalPrice !== null && !product.sku.startsWith('TS-')));
    if (listing.member.length < 100) break;
  }
  for (const product of listed) inStock.add(product.sku);
  // Buyable as a guest: a bundle whose required options each offer a selection in stock, a grouped
  // product with a member in stock, a configurable with a variant in stock.
  const buyable = (product: Product) =>
    (product.bundleOptions ?? []).every((option) => !option.required || option.selections.some((selection) => inStock.has(selection.sku))) &&
    (product.type !== 'grouped' || (product.groupedProducts ?? []).some((member) => member.stockStatus === 'in_stock')) &&
    (product.type !== 'configurable' || (product.variants ?? []).some((variant) => variant.stockStatus === 'in_stock'));
  for (const product of listed) {
    if (byType.has(product.type) && (product.type !== 'bundle' || keyboardBundle)) continue;
    const detail = (await (await fetch(`${shop.backend.url}/api/rest/v2/products/${product.id}`)).json()) as Product;
    if (!buyable(detail)) continue;
    if (byType.has(detail.type)) keyboardBundle = detail;
    else byType.set(detail.type, detail);
  }
  for (const type of TYPES) expect(byType.get(type), `an in-stock ${type} product`).toBeDefined();
  expect(keyboardBundle).toBeDefined();
  const skus = [...TYPES.map((type) => byType.get(type)!.sku), keyboardBundle.sku];
  host = await serveHostPage(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gifts and kits</title></head><body>
<main><h1>Our picks</h1><button id="before">Before</button>
<div style="display:grid;grid-template-columns:repeat(4,240px);gap:16px">${skus.map((sku) => `<div data-shop-product="${sku}"></div>`).join('')}</div></main>
<script src="${shop.storefront.url}/embed.js" data-store="${shop.storefront.url}"></script></body></html>`);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await shop?.stop();
});

const dialog = (page: Page) => page.locator('shop-lightbox [role="dialog"]');
const status = (page: Page) => page.locator('shop-lightbox [role="status"]');

async function openHost(): Promise<{ page: Page; problems: string[] }> {
  const watched = await watchedPage(browser);
  await watched.page.goto(`${host.origin}/`);
  await expect.poll(() => watched.page.locator('shop-product-card .name').count()).toBe(TYPES.length + 1);
  return watched;
}

async function lookup(number: string, email: string): Promise<OrderLine[]> {
  const response = await fetch(`${shop.backend.url}/api/rest/v2/orders/lookup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ number, email, postcode: '62701' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { lines: OrderLine[] }).lines;
}

/** The lines an order of one unit of this choice must hold, and the price the lightbox shows for it. */
interface Expected {
  lines: Array<Pick<OrderLine, 'sku' | 'qty' | 'price'>>;
  shown: number;
}

/** Makes the type's choice in the open lightbox, with the pointer and form filling: this test is about what is bought. */
async function choose(box: Locator, product: Product): Promise<Expected> {
  const one = (price: number) => ({ lines: [{ sku: product.sku, qty: 1, price }], shown: price });
  switch (product.type) {
    case 'configurable': {
      const variant = product.variants!.find((candidate) => candidate.stockStatus === 'in_stock')!;
      for (const option of product.configurableOptions!) await box.getByLabel(option.label).selectOption(String(variant.attributes[option.attributeCode]));
      return { lines: [{ sku: variant.sku, qty: 1, price: variant.finalPrice! }], shown: variant.finalPrice! };
    }
    case 'grouped': {
      // Two of the first member in stock, none of the others: the members are their own lines.
      const members = product.groupedProducts!;
      const wanted = members.find((member) => member.stockStatus === 'in_stock')!;
      for (const member of members.filter((candidate) => candidate.stockStatus === 'in_stock')) {
        await box.getByRole('spinbutton', { name: member.name }).fill(member === wanted ? '2' : '0');
      }
      return { lines: [{ sku: wanted.sku, qty: 2, price: wanted.finalPrice! }], shown: cents(wanted.finalPrice! * 2) };
    }
    case 'bundle': {
      // In every option the first selection in stock; an optional checkbox option: that one only.
      let sum = 0;
      for (const option of product.bundleOptions!) {
        const selection = option.selections.find((candidate) => inStock.has(candidate.sku));
        const label = (candidate: (typeof option.selections)[number]) => (candidate.price ? `${candidate.name} (+${usd.format(candidate.price)})` : candidate.name);
        if (option.type === 'select') await box.getByLabel(option.title, { exact: false }).first().selectOption(selection ? String(selection.id) : '');
        else if (option.type === 'radio') await box.getByLabel(label(selection!), { exact: true }).check();
        else for (const other of option.selections) await box.getByLabel(label(other), { exact: true }).setChecked(other === selection);
        if (selection) sum += selection.price! * selection.defaultQty;
      }
      return one(cents(sum));
    }
    case 'downloadable': {
      // Every download, as the lightbox starts: the product's price and each link's.
      return one(cents(product.finalPrice! + (product.downloadableLinks ?? []).reduce((total, link) => total + (link.price ?? 0), 0)));
    }
    case 'giftcard': {
      const amount = product.giftcardAmounts?.at(-1) ?? product.openAmountMin!;
      if (product.giftcardAmounts?.length) await box.getByLabel(usd.format(amount), { exact: true }).check();
      else await box.getByLabel('Amount').fill(String(amount));
      await box.getByLabel('Recipient name').fill('Ada Lovelace');
      await box.getByLabel(/^Recipient email/).fill('ada@example.com');
      await box.getByLabel('Your name').fill('Charles Babbage');
      await box.getByLabel(/^Your email/).fill('charles@example.com');
      await box.getByLabel('Message (optional)').fill('For the engine.');
      return one(amount);
    }
    default:
      return one(product.finalPrice!);
  }
}

async function checkout(page: Page, email: string): Promise<string> {
  await page.locator('shop-cart-badge button').click();
  const box = dialog(page);
  await expect.poll(() => box.locator('h2').textContent()).toBe('Checkout');
  await expect.poll(() => box.locator('input[name="shippingMethod"]').count()).toBeGreaterThan(0);
  await box.getByLabel('Email', { exact: true }).fill(email);
  await box.getByLabel('First name').fill('Wid');
  await box.getByLabel('Last name').fill('Get');
  await box.getByLabel('Street address').fill('1 Main Street');
  await box.getByLabel('City', { exact: true }).fill('Springfield');
  await box.getByLabel('Postcode').fill('62701');
  // The region list comes with the countries, after the form: wait for it (the US, the demo's default, has states).
  await box.getByLabel('State or region').selectOption({ index: 1 });
  await box.getByLabel('Card number').fill('4242 4242 4242 4242');
  await box.getByRole('button', { name: /Place order/ }).click();
  await expect.poll(() => box.locator('h2').textContent(), { timeout: 20_000 }).toBe('Thank you!');
  return (await box.locator('strong').textContent())!;
}

describe('every product type bought inline', () => {
  it.each(TYPES)('%s: chosen in the lightbox, priced as chosen, ordered, and found through the order lookup', async (type) => {
    const product = byType.get(type)!;
    const { page, problems } = await openHost();
    await page.locator(`shop-product-card[data-shop-sku="${product.sku}"] .open`).click();
    const box = dialog(page);
    await expect.poll(() => box.locator('h2').textContent()).toBe(product.name);
    const expected = await choose(box, product);
    // The lightbox's price follows the choice (for a grouped product: the quantities' sum).
    await expect.poll(() => box.locator('.price').textContent()).toBe(usd.format(expected.shown));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `embed-type-${type}`);
    await box.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => status(page).textContent()).toMatch(/^Added /);
    await page.keyboard.press('Escape');
    const email = `widget-${type}@example.com`;
    const number = await checkout(page, email);
    const lines = await lookup(number, email);
    expect(lines.map(({ sku, qty, price }) => ({ sku, qty, price }))).toEqual(expected.lines);
    if (type === 'giftcard') expect(lines[0]!.configuration).toMatchObject({ type: 'giftcard', recipientName: 'Ada Lovelace', message: 'For the engine.' });
    if (type === 'downloadable') expect(lines[0]!.configuration).toEqual({ type: 'downloadable', linkIds: product.downloadableLinks!.map((link) => link.id).sort((a, b) => a - b) });
    expect(problems).toEqual([]);
  });
});

/** The focused element, inside shadow roots: its label as a shopper hears it, and whether it is in the dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const dialog = document.querySelector('shop-lightbox')?.shadowRoot?.querySelector('[role="dialog"]');
    const element = active as HTMLInputElement | null;
    const label = element?.labels?.[0]?.textContent ?? element?.getAttribute('aria-label') ?? element?.textContent ?? '';
    return { tag: element?.tagName ?? '', type: element?.type ?? '', label: label.replace(/\s+/g, ' ').trim(), inDialog: !!dialog && (dialog === element || dialog.contains(element)) };
  });

describe('a purchase with the keyboard alone', () => {
  it('Tab to a bundle, Enter, choose, add, Escape and back, the cart, the checkout and the order number: focus in the dialog and axe clean at each step', async () => {
    const { page, problems } = await openHost();
    const bundle = keyboardBundle;
    /** Focus still inside the open dialog, and nothing serious for axe. */
    const step = async (what: string) => {
      expect((await focused(page)).inDialog, `focus inside the dialog after: ${what}`).toBe(true);
      expect(await seriousViolations(page), what).toEqual([]);
    };
    /** Tab (forwards) until the focused control's label matches; never leaving the dialog. */
    const tabTo = async (label: RegExp, tag?: string) => {
      for (let press = 0; press < 60; press++) {
        await page.keyboard.press('Tab');
        const now = await focused(page);
        expect(now.inDialog, `Tab towards ${label} stays in the dialog`).toBe(true);
        if (label.test(now.label) && (!tag || now.tag === tag)) return;
      }
      throw new Error(`no control labelled ${label} in the dialog`);
    };
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

    // Tab from the host's button to the bundle's card: the eighth card, after the seven others.
    await page.locator('#before').focus();
    for (let press = 0; press < 30 && (await focused(page)).label !== bundle.name; press++) await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', label: bundle.name });
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).locator('h2').textContent()).toBe(bundle.name);
    await expect.poll(() => dialog(page).locator('fieldset, select').count()).toBeGreaterThan(0);
    await step('opening the bundle');

    // Each option: its first selection in stock. Radios move with the arrow keys, a select with
    // them too, checkboxes toggle with Space.
    let sum = 0;
    for (const option of bundle.bundleOptions!) {
      const target = option.selections.findIndex((selection) => inStock.has(selection.sku));
      const selection = option.selections[target];
      if (option.type === 'select') {
        await tabTo(new RegExp(`^${escape(option.title)}`), 'SELECT');
        // A required select starts on its first selection, an optional one on "None".
        for (let press = 0; press < target + (option.required ? 0 : 1); press++) await page.keyboard.press('ArrowDown');
      } else if (option.type === 'radio') {
        await tabTo(new RegExp(`^${escape(option.selections.find((candidate) => candidate.isDefault)?.name ?? option.selections[0]!.name)}`), 'INPUT');
        const start = Math.max(0, option.selections.findIndex((candidate) => candidate.isDefault));
        for (let press = start; press < target; press++) await page.keyboard.press('ArrowDown');
      } else {
        for (const [index, other] of option.selections.entries()) {
          await tabTo(new RegExp(`^${escape(other.name)}`), 'INPUT');
          const checked = await page.evaluate(() => {
            let active = document.activeElement;
            while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
            return (active as HTMLInputElement).checked;
          });
          if (checked !== (index === target)) await page.keyboard.press('Space');
        }
      }
      if (selection) sum += selection.price! * selection.defaultQty;
      await step(`choosing ${option.title}`);
    }
    await expect.poll(() => dialog(page).locator('.price').textContent()).toBe(usd.format(cents(sum)));

    await tabTo(/^Add to cart$/, 'BUTTON');
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page).textContent()).toBe(`Added 1 × ${bundle.name} to the cart.`);
    await step('adding to the cart');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', label: bundle.name });

    // Back in, and out again: the same card, by the keyboard.
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).locator('h2').textContent()).toBe(bundle.name);
    await step('opening the bundle again');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);

    // The cart badge comes after the cards.
    for (let press = 0; press < 30 && !/^Cart/.test((await focused(page)).label); press++) await page.keyboard.press('Tab');
    expect((await focused(page)).label).toMatch(/^Cart 1 item/);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).locator('h2').textContent()).toBe('Checkout');
    await expect.poll(() => dialog(page).locator('input[name="shippingMethod"]').count()).toBeGreaterThan(0);
    await step('opening the checkout');

    const type = async (label: RegExp, text: string) => {
      await tabTo(label, 'INPUT');
      await page.keyboard.type(text);
    };
    await type(/^Email/, 'keyboard-buyer@example.com');
    await type(/^First name/, 'Key');
    await type(/^Last name/, 'Board');
    await type(/^Street address/, '1 Main Street');
    await type(/^City/, 'Springfield');
    await type(/^Postcode/, '62701');
    if (await dialog(page).locator('select[name="region"]').count()) {
      await tabTo(/^State or region/, 'SELECT');
      await page.keyboard.press('ArrowDown');
    }
    await type(/^Card number/, '4242 4242 4242 4242');
    await step('filling the checkout');
    await tabTo(/^Place order/, 'BUTTON');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).locator('h2').textContent(), { timeout: 20_000 }).toBe('Thank you!');
    await step('placing the order');
    const number = (await dialog(page).locator('strong').textContent())!;
    await screenshot(page, 'embed-keyboard-order');
    const lines = await lookup(number, 'keyboard-buyer@example.com');
    expect(lines.map(({ sku, qty, price }) => ({ sku, qty, price }))).toEqual([{ sku: bundle.sku, qty: 1, price: cents(sum) }]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('composites B2B Access gates (last: the rules change the shop)', () => {
  it('a hidden price shows the store\'s message and no choice, sum or button; a blocked purchase shows its price and no button', async () => {
    const card = byType.get('giftcard')!;
    const group = byType.get('grouped')!;
    const message = 'Gift cards are for trade accounts.';
    await configureAccess(shop, { enabled: true, mode: 'rules', hidePrice: { enabled: true, message, blockPurchase: true } });
    const guests = { customerGroupIds: [GROUP.guest, GROUP.general] };
    const bySku = (sku: string) => ({ type: 'combine', aggregator: 'all', value: true, conditions: [{ type: 'attribute', attribute: 'sku', operator: '==', value: sku }] });
    await createRule(shop, { name: 'Hidden gift card', priority: 1, scope: guests, conditions: bySku(card.sku), actions: { hidePrice: true, blockPurchase: true }, enforcement: 'both', hiddenPriceMessage: message });
    await createRule(shop, { name: 'Blocked set', priority: 2, scope: guests, conditions: bySku(group.sku), actions: { blockPurchase: true }, enforcement: 'both' });
    expect((await shop.manage('/sync')).status).toBe(200);
    // A page of its own: another `/embed/products` request than the earlier pages' (cached five minutes).
    const gatedHost = await serveHostPage(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Trade</title></head><body><main><h1>Trade</h1>
<div data-shop-product="${card.sku}"></div><div data-shop-product="${group.sku}"></div></main>
<script src="${shop.storefront.url}/embed.js" data-store="${shop.storefront.url}"></script></body></html>`);
    try {
      const { page, problems } = await watchedPage(browser);
      await page.goto(`${gatedHost.origin}/`);
      await expect.poll(() => page.locator('shop-product-card .name').count()).toBe(2);
      await page.locator(`shop-product-card[data-shop-sku="${card.sku}"] .open`).click();
      const box = dialog(page);
      await expect.poll(() => box.locator('h2').textContent()).toBe(card.name);
      expect(await box.textContent()).toContain(message);
      expect(await box.locator('.price, form, input, select').count()).toBe(0);
      expect(await box.textContent()).not.toMatch(/\$\d/);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.locator(`shop-product-card[data-shop-sku="${group.sku}"] .open`).click();
      await expect.poll(() => box.locator('h2').textContent()).toBe(group.name);
      expect(await box.locator('.price').textContent()).toBe(usd.format(group.finalPrice!));
      expect(await box.locator('form, input').count()).toBe(0);
      expect(await box.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await gatedHost.close();
    }
  });
});

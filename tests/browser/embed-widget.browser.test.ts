/**
 * The embeddable widget in a real browser on a host page served from another origin than the store
 * (a local HTTP server on its own port), as a merchant's blog would embed it: the README's snippet,
 * 12 placeholders, the script included twice.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { serveHostPage, type HostPage } from '../../scripts/lib/host-page.ts';
import type { Product } from '../../src/lib/content/schemas.ts';
import { screenshot, watchedPage } from '../support/browser.ts';
import { startShop, type TestShop } from '../support/shop.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const GATED_SKU = 'TS-MUG48';
const UNKNOWN_SKU = 'NO-SUCH-SKU';

let shop: TestShop;
let browser: Browser;
let host: HostPage;
/** Ten guest-visible simple products with prices, and one more for the placeholder added later. */
let products: Product[];
let later: Product;

/** The host page: 12 placeholders in a grid (the unknown SKU last, so hiding it moves no row). */
function hostPage(storefront: string): string {
  const skus = [...products.map((product) => product.sku), GATED_SKU, UNKNOWN_SKU];
  const script = `<script async src="${storefront}/embed.js" data-store="${storefront}"></script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title>
<style>
  body { font-family: Georgia, serif; margin: 2rem; }
  .grid { display: grid; grid-template-columns: repeat(4, 220px); gap: 16px; }
  [data-shop-product] { min-height: 360px; }
</style></head><body>
<h1>Our picks</h1>
<div class="grid">${skus.map((sku, index) => (index === 0 ? `<div id="first-pick" class="pick" style="outline: 1px solid #ddd" data-shop-product="${sku}"></div>` : `<div data-shop-product="${sku}"></div>`)).join('')}</div>
<p id="after">Text after the products.</p>
${script}${script}
</body></html>`;
}

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  expect((await shop.manage('/sync')).status).toBe(200);
  const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=100`)).json()) as { member: Product[] };
  const plain = listing.member.filter((product) => product.type === 'simple' && product.finalPrice !== null && !product.sku.startsWith('TS-'));
  products = plain.slice(0, 10);
  later = plain[10]!;
  const html = hostPage(shop.storefront.url);
  host = await serveHostPage(html);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await shop?.stop();
});

/** Opens the host page, recording the widget's product requests and the page's layout shifts. */
async function openHostPage(): Promise<{ page: Page; productRequests: string[]; problems: string[] }> {
  const watched = await watchedPage(browser);
  const productRequests: string[] = [];
  watched.page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/embed/products') productRequests.push(request.url());
  });
  await watched.page.addInitScript(() => {
    (window as unknown as { layoutShift: number }).layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) (window as unknown as { layoutShift: number }).layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await watched.page.goto(`${host.origin}/`);
  return { page: watched.page, productRequests, problems: watched.problems };
}

describe('the widget on another origin', () => {
  it('fills 12 placeholders from one request, without layout shift: names, prices, the gated message, the unknown SKU hidden', async () => {
    const { page, productRequests, problems } = await openHostPage();
    expect(new URL(shop.storefront.url).origin).not.toBe(host.origin);
    const cards = page.locator('shop-product-card');
    await expect.poll(() => cards.count()).toBe(11);
    for (const product of products) {
      const card = page.locator(`shop-product-card[data-shop-sku="${product.sku}"]`);
      await expect.poll(() => card.locator('.name').textContent()).toBe(product.name);
      expect(await card.locator('.price').textContent()).toContain(usd.format(product.finalPrice!));
    }
    await expect.poll(() => page.locator(`[data-shop-product="${UNKNOWN_SKU}"]`).isHidden()).toBe(true);
    // Each placeholder is replaced by its card (SPEC.md widget behaviour 2), which keeps the host's
    // id, class and style; only the unknown SKU's placeholder, hidden, is left.
    expect(await page.locator('[data-shop-product]').count()).toBe(1);
    const first = page.locator('#first-pick');
    expect(await first.evaluate((card) => [card.tagName, card.className, card.getAttribute('style'), card.parentElement?.className])).toEqual(['SHOP-PRODUCT-CARD', 'pick', 'outline: 1px solid #ddd', 'grid']);

    const gated = page.locator(`shop-product-card[data-shop-sku="${GATED_SKU}"]`);
    await expect.poll(() => gated.locator('.hidden-price').textContent()).toContain('Trade prices');
    expect(await gated.locator('.price').count()).toBe(0);
    expect(await gated.locator('.hidden-price a').getAttribute('href')).toMatch(new RegExp(`^${shop.storefront.url}/login\\?returnTo=%2F`));

    // The script is on the page twice; it ran once, and asked for all 12 SKUs in one request.
    expect(await page.evaluate(() => typeof (window as unknown as { ShopEmbed?: { refresh?: unknown } }).ShopEmbed?.refresh)).toBe('function');
    expect(productRequests).toHaveLength(1);
    expect(new URL(productRequests[0]!).searchParams.getAll('skus[]')).toHaveLength(12);
    // Images load into boxes of fixed size: wait for them before reading the shift total.
    await page.waitForFunction(() => [...document.querySelectorAll('shop-product-card')].every((card) => card.shadowRoot?.querySelector('img')?.complete));
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
    await screenshot(page, 'embed-widget-host-page');
    expect(problems).toEqual([]);
  });

  it('fills a placeholder the page adds later', async () => {
    const { page, productRequests } = await openHostPage();
    await expect.poll(() => page.locator('shop-product-card').count()).toBe(11);
    // As a single-page app would: markup inserted after the widget's first scan.
    await page.evaluate(`document.querySelector('.grid').insertAdjacentHTML('beforeend', ${JSON.stringify(`<div data-shop-product="${later.sku}"></div>`)})`);
    const card = page.locator(`shop-product-card[data-shop-sku="${later.sku}"]`);
    await expect.poll(() => card.locator('.name').textContent()).toBe(later.name);
    expect(productRequests).toHaveLength(2);
    expect(new URL(productRequests[1]!).searchParams.getAll('skus[]')).toEqual([later.sku]);
  });
});

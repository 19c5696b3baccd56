/**
 * Quick order (DECISIONS.md 60) in a real browser: the Wholesale buyer signs in, follows the
 * header's *Quick order*, pastes 20 lines (a header row, an unknown SKU and an unreadable quantity
 * among them), then uploads a 500-line CSV; after each, one bulk call, and the page names every
 * line's outcome; the cart (read back over the API) holds exactly the lines answered as added.
 * Then the buyer checks that cart out on a purchase order, on their company's net-30 terms: first
 * refused by the credit limit (with what is available), then placed once the merchant raises it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { Cart } from '../../contracts/cart.ts';
import { WHOLESALE_BUYER } from '../support/access-module.ts';
import { signIn } from '../support/account-page.ts';
import { expectAccessible, expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { fillAddress } from '../support/checkout-page.ts';
import { adminToken } from '../support/outbox.ts';
import { startShop, type TestShop } from '../support/shop.ts';
import { customerToken } from '../support/trade-buyers.ts';

let shop: TestShop;
let browser: Browser;
let token: string;
/** SKUs the buyer can buy one of: simple products in stock, in catalog order. */
let skus: string[];

const url = (path: string) => `${shop.storefront.url}${path}`;
const api = (path: string) => fetch(`${shop.backend.url}/api/rest/v2${path}`, { headers: { Authorization: `Bearer ${token}` } });

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  token = await customerToken(shop, WHOLESALE_BUYER);
  skus = [];
  for (let page = 1; ; page++) {
    type Rules = { minQty: number; increment: number };
    const { member } = (await (await api(`/products?itemsPerPage=100&page=${page}`)).json()) as {
      member: { sku: string; type: string; stockStatus: string; qty: number; extensions: { b2bPricing?: { quantityRules: Rules } } }[];
    };
    // Free quantities only: the buyer's price list sells some SKUs by the case (B2B Pricing's quantity rules).
    const free = (rules: Rules | undefined) => !rules || (rules.minQty <= 1 && rules.increment <= 1);
    skus.push(...member.filter((p) => p.type === 'simple' && p.stockStatus === 'in_stock' && p.qty >= 5 && free(p.extensions.b2bPricing?.quantityRules)).map((p) => p.sku));
    if (member.length < 100) break;
  }
  expect(skus.length, 'sellable SKUs in the demo catalog').toBeGreaterThan(100);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function cartSkus(): Promise<Map<string, number>> {
  const cart = (await (await api('/cart')).json()) as Cart;
  return new Map(cart.items.map((line) => [line.sku, line.qty]));
}

/** Submits the list and waits for the outcome of the one bulk call. */
async function addAll(page: Page): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/cart/items/bulk'));
  await page.getByRole('button', { name: 'Add all valid lines to cart' }).click();
  expect((await answered).status()).toBe(200);
  await page.getByTestId('quick-order-summary').waitFor();
}

describe('quick order', () => {
  it('takes 20 pasted lines and a 500-line CSV, names each line\'s outcome, and fills the cart with the valid ones', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    const bulkCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/cart/items')) bulkCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await signIn(page, shop.storefront.url, WHOLESALE_BUYER.email, WHOLESALE_BUYER.password);
    await page.waitForURL(url('/account'));
    await page.getByRole('navigation', { name: 'Your shop' }).getByRole('link', { name: 'Quick order' }).click();
    await page.waitForURL(url('/quick-order'));
    await expect.poll(() => page.evaluate(() => document.querySelector('astro-island[ssr]') === null)).toBe(true);

    // 20 lines: a header, 17 SKUs (tab, semicolon and comma separated), an unknown SKU, a bad quantity.
    const pasted = skus.slice(0, 17);
    const separators = [', ', ';', '\t'];
    const lines = ['SKU, Quantity', ...pasted.map((sku, i) => `${sku}${separators[i % 3]}${(i % 3) + 1}`), 'NO-SUCH-SKU-42, 1', `${skus[17]}, two`];
    expect(lines).toHaveLength(20);
    await page.getByLabel('SKU and quantity, one line each').fill(lines.join('\n'));
    await addAll(page);
    const refused = page.getByTestId('quick-order-refused');
    expect(await page.getByTestId('quick-order-summary').textContent(), await refused.textContent() ?? '').toContain('Added 17 lines of 18 to your cart.');
    expect(await refused.locator('tr[data-code="product_not_found"]').textContent()).toContain('No product with SKU "NO-SUCH-SKU-42"');
    expect(await refused.locator('tr[data-code="unreadable"]').textContent()).toContain('Row 20');
    expect(await page.getByTestId('quick-order-added').locator('tbody tr').count()).toBe(17);
    await expectAccessible(page);
    await screenshot(page, 'quick-order-pasted');
    const afterPaste = await cartSkus();
    expect(new Map(pasted.map((sku, i) => [sku, (i % 3) + 1]))).toEqual(afterPaste);

    // A 500-line CSV (a header, CRLF, quoted SKUs): the rest of the catalog's SKUs, one each, then unknown ones.
    const fromFile = skus.slice(17, 17 + 400);
    const unknown = Array.from({ length: 499 - fromFile.length }, (_, i) => `MISSING-${i}`);
    const csv = ['sku,qty', ...[...fromFile, ...unknown].map((sku) => `"${sku}",1`)].join('\r\n');
    expect(csv.split('\r\n')).toHaveLength(500);
    await page.getByLabel('Or choose a CSV file').setInputFiles({ name: 'reorder.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => page.getByTestId('quick-order-file-note').textContent()).toBe('reorder.csv: 499 lines read into the list below.');
    await addAll(page);
    // The summary of the pasted list is still on the page until the new answer renders: wait for the new one.
    await expect.poll(() => page.getByTestId('quick-order-summary').textContent()).toContain(`Added ${fromFile.length} lines of 499 to your cart.`);
    expect(await refused.locator('tr[data-code="product_not_found"]').count()).toBe(unknown.length);
    await screenshot(page, 'quick-order-csv');

    const cart = await cartSkus();
    expect(cart.size).toBe(pasted.length + fromFile.length);
    for (const sku of fromFile) expect(cart.get(sku), sku).toBe(1);
    // One call per submitted list, nothing line by line.
    expect(bulkCalls).toEqual(['POST /api/cart/items/bulk', 'POST /api/cart/items/bulk']);

    await page.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(url('/cart'));
    await expect.poll(() => page.locator('li.line').count()).toBe(cart.size);
    expectNoProblems(watched);
    await page.context().close();
  });

  it('checks the quick order out on a purchase order, refused over the company\'s credit limit and placed once it is raised', async () => {
    const admin = { Authorization: `Bearer ${await adminToken(shop)}`, 'Content-Type': 'application/json' };
    const companies = '/api/rest/v2/admin/b2b-pricing/companies';
    const found = (await (await fetch(`${shop.backend.url}${companies}?search=Harbour`, { headers: admin })).json()) as { member: { id: number; paymentTerms: { netDays: number } }[] };
    const harbour = found.member[0]!;
    expect(harbour.paymentTerms.netDays).toBe(30);
    const setLimit = async (creditLimit: number) => {
      const patched = await fetch(`${shop.backend.url}${companies}/${harbour.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ paymentTerms: { netDays: 30, creditLimit } }) });
      expect(patched.status, await patched.clone().text()).toBe(200);
    };
    await setLimit(1);
    const lines = (await cartSkus()).size;
    expect(lines, 'the quick order\'s cart').toBeGreaterThan(50);

    const watched = await watchedPage(browser);
    const { page } = watched;
    await signIn(page, shop.storefront.url, WHOLESALE_BUYER.email, WHOLESALE_BUYER.password);
    await page.waitForURL(url('/account'));
    await page.goto(url('/checkout'));
    await fillAddress(page);
    await page.getByLabel('Purchase order (net 30 days)').check();
    await page.getByLabel('Purchase order number').fill('PO-QUICK-0042');
    await expect.poll(() => page.getByLabel('Card number').count()).toBe(0);
    await expect.poll(() => page.locator('input[name="shippingMethod"]').count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect.poll(() => page.locator('#checkout-error').textContent()).toContain('would pass your company\'s credit limit: $1.00 is available on account');
    expect((await cartSkus()).size, 'the refused order left the cart as it was').toBe(lines);

    await setLimit(1_000_000);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/success\?ref=/);
    await expect.poll(() => page.getByTestId('order-purchase-order').textContent()).toMatch(/Invoiced on purchase order PO-QUICK-0042, payment due \d{4}-\d{2}-\d{2}\./);
    await screenshot(page, 'quick-order-purchase-order');
    const number = (await page.getByTestId('order-number').textContent())!;
    const orders = (await (await api('/customers/me/orders')).json()) as { member: { number: string; status: string; paymentMethod: string; purchaseOrder: { poNumber: string } | null }[] };
    expect(orders.member.find((order) => order.number === number)).toMatchObject({ status: 'pending', paymentMethod: 'purchase_order', purchaseOrder: { poNumber: 'PO-QUICK-0042' } });
    await setLimit(5000);
    // The refusal is the backend's 402 answer, which the page's watcher and the browser's console both log; nothing else may be.
    expectNoProblems(watched, /^HTTP 402 POST .*\/api\/checkout\/place-order$|status of 402 \(Payment Required\)$/);
    await page.context().close();
  });

  it('refuses a file too large before reading it', async () => {
    const { page } = await watchedPage(browser);
    await page.goto(url('/quick-order'));
    await expect.poll(() => page.evaluate(() => document.querySelector('astro-island[ssr]') === null)).toBe(true);
    await page.getByLabel('Or choose a CSV file').setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(600 * 1024, 'A,1\n') });
    await expect.poll(() => page.getByTestId('quick-order-outcome').textContent()).toContain('huge.csv is 600 KB; a list file may be at most 512 KB.');
    expect(await page.getByLabel('SKU and quantity, one line each').inputValue()).toBe('');
    await page.context().close();
  });
});

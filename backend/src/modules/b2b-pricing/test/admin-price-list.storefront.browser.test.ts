/**
 * The price list pages in a real browser on a 390 px phone, without scripts of their own: the admin
 * creates a list, imports its items from a CSV whose dry run reports a bad row by line and column,
 * fixes the file and imports it, and ticks the demo company "Harbour Cafés" under "Applies to"; its
 * admin buyer, signed in on the storefront, then finds the new tier table on the product's page.
 * Every admin page the flow opens (and the companies' and the explainer's) is checked with axe.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../../../scripts/lib/chromium.ts';
import { WHOLESALE_BUYER } from '../../../../../tests/support/access-module.ts';
import { signIn } from '../../../../../tests/support/account-page.ts';
import { expectAccessible } from '../../../../../tests/support/browser.ts';
import { TEST_ADMIN } from '../../../../../tests/support/seeded-backend-template.ts';
import { startShop, type TestShop } from '../../../../../tests/support/shop.ts';
import { customerToken } from '../../../../../tests/support/trade-buyers.ts';

interface ListedProduct {
  sku: string;
  urlKey: string;
  type: string;
  finalPrice: number | null;
  stockStatus: string;
  extensions: { b2bPricing?: unknown };
}

let shop: TestShop;
let browser: Browser;
let files: string;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  files = await mkdtemp(join(tmpdir(), 'price-list-csv-'));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (files) await rm(files, { recursive: true, force: true });
});

/** A product the buyer is shown a price for and no list of theirs prices yet. */
async function unlistedProduct(): Promise<ListedProduct> {
  const token = await customerToken(shop, WHOLESALE_BUYER);
  for (let page = 1; ; page++) {
    const answer = await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=100&page=${page}`, { headers: { Authorization: `Bearer ${token}` } });
    const { member } = (await answer.json()) as { member: ListedProduct[] };
    const found = member.find((p) => p.type === 'simple' && p.stockStatus === 'in_stock' && p.finalPrice !== null && p.finalPrice > 5 && !p.extensions.b2bPricing);
    if (found) return found;
    if (member.length < 100) throw new Error('no product without a list price for the buyer');
  }
}

/**
 * The page fits 390 px and has no serious axe violation. (The backend's own helper for the width pulls
 * the backend's test shop into the storefront's typecheck, so the one line is here.)
 */
async function checked(page: Page): Promise<void> {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'), page.url()).toBeLessThanOrEqual(0);
  await expectAccessible(page);
}

async function importFile(page: Page, name: string, csv: string, dryRun: boolean): Promise<void> {
  const path = join(files, name);
  await writeFile(path, csv);
  await page.getByLabel('CSV file').setInputFiles(path);
  await page.getByRole('checkbox', { name: /Dry run/ }).setChecked(dryRun);
  await page.getByRole('button', { name: 'Import' }).tap();
}

describe('B2B Pricing price lists in the admin', () => {
  it('creates a list from a CSV (a dry run names the bad row), assigns it to a company, and its buyer sees the tiers', async () => {
    const product = await unlistedProduct();
    const price = product.finalPrice!;
    const tiers = [
      [1, price * 0.9],
      [10, price * 0.8],
      [25, price * 0.7],
    ].map(([qty, amount]) => [qty!, Math.floor(amount! * 100) / 100] as const);
    const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const admin = (path: string) => `${shop.backend.url}/admin/b2b-pricing${path}`;
    await page.goto(`${shop.backend.url}/admin/login`);
    await page.getByLabel('Email').fill(TEST_ADMIN.ADMIN_EMAIL);
    await page.getByLabel('Password').fill(TEST_ADMIN.ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.waitForURL(`${shop.backend.url}/admin`);

    await page.goto(admin('/price-lists'));
    await checked(page);
    await page.getByRole('link', { name: 'Add a price list' }).tap();
    await page.getByLabel('Code').fill('browser-breaks');
    await page.getByLabel('Name').fill('Breaks from the browser');
    await page.getByRole('button', { name: 'Save price list' }).tap();
    await page.waitForURL(/price-lists\/\d+\?flash=created/);
    await checked(page);

    const header = 'sku,min_qty,price,qty_min,qty_max,qty_increment';
    const rows = tiers.map(([qty, amount]) => `${product.sku},${qty},${amount.toFixed(2)},,,`);
    const bad = [header, rows[0], rows[1]!.replace(/,[\d.]+,,,$/, ',ten,,,'), rows[2]].join('\n');
    await importFile(page, 'bad.csv', bad, true);
    const problems = page.locator('table.import-problems tr').nth(1).locator('td');
    await expect.poll(() => problems.allTextContents()).toEqual(['3', 'price', product.sku, 'Not a number: digits with a point, e.g. 4.50.']);
    await expect.poll(() => page.getByRole('heading', { name: 'Dry run: nothing was changed' }).count()).toBe(1);
    await checked(page);

    await importFile(page, 'fixed.csv', [header, ...rows].join('\n'), true);
    await page.getByText('the file is good').waitFor();
    await importFile(page, 'fixed.csv', [header, ...rows].join('\n'), false);
    await page.waitForURL(/price-lists\/\d+\?flash=saved/);
    await page.getByText('Imported 1 SKUs (3 rows) into browser-breaks').waitFor();
    await checked(page);

    await page.getByRole('link', { name: product.sku }).tap();
    await page.waitForURL(/items\/edit\?sku=/);
    expect(await page.getByLabel('Tier 2: from quantity').inputValue()).toBe('10');
    await checked(page);
    await page.goBack();
    await page.getByLabel('Harbour Cafés').check();
    // The page is on ?flash=saved already (the import's): wait for the page the assignment redirects to.
    const assigned = page.waitForResponse((response) => response.request().redirectedFrom()?.url().endsWith('/assignment') === true);
    await page.getByRole('button', { name: 'Save where it applies' }).tap();
    expect((await assigned).status()).toBe(200);
    await page.waitForLoadState('load');
    expect(await page.getByLabel('Harbour Cafés').isChecked()).toBe(true);

    await page.goto(admin('/companies'));
    await checked(page);
    await page.getByRole('link', { name: 'Harbour Cafés' }).tap();
    await page.waitForURL(/companies\/\d+$/);
    await checked(page);
    await page.goto(admin(`/explain?${new URLSearchParams({ email: WHOLESALE_BUYER.email, sku: product.sku, qty: '10', store: 'default' })}`));
    await page.getByText(`Pays ${tiers[1]![1].toFixed(2)} per unit at quantity 10, from the list browser-breaks`).waitFor();
    await checked(page);
    await context.close();

    // The buyer's product page: their record (never KV's) carries the new breaks.
    const buyer = await browser.newPage();
    await signIn(buyer, shop.storefront.url, WHOLESALE_BUYER.email, WHOLESALE_BUYER.password);
    await buyer.waitForURL(`${shop.storefront.url}/account`);
    const table = buyer.getByRole('table', { name: 'Your price by quantity' });
    await expect
      .poll(async () => {
        await buyer.goto(`${shop.storefront.url}/${product.urlKey}`);
        return (await table.count()) > 0 ? (await table.getByRole('rowheader').allTextContents()).map((cell) => cell.trim()) : [];
      })
      .toEqual(['1+', '10+', '25+']);
    await buyer.close();
  });
});

/**
 * Layered navigation in a real browser (issue 33 item 10), on a desktop and on a phone: on
 * Women/Clothing a shopper ticks a size, then a colour; each applies at once (no button), the
 * product count and the other filters' counts change, the URL names both and loads the same page
 * when opened again; the order applies at once too; the Trade Supplies category, whose prices are
 * hidden from guests, offers no price filter. Pages stay accessible (axe) with no console error.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { expectAccessible, expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { startShop, type TestShop } from '../support/shop.ts';

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
const productCount = async (page: Page) => Number(/^(\d+) products?/.exec((await page.locator('.count').textContent())?.trim() ?? '')?.[1]);
/** The count beside each choice of a filter group, by the choice's label. */
async function groupCounts(page: Page, legend: string): Promise<Map<string, number>> {
  const group = page.getByRole('group', { name: legend });
  const labels = await group.locator('.choice-label').allTextContents();
  const counts = await group.locator('.choice-count').allTextContents();
  return new Map(labels.map((label, index) => [label.trim(), Number(counts[index]!.trim())]));
}

/** Opens the filter panel where it is a drawer (a phone); on a desktop it is open already, a sidebar. */
async function openFilters(page: Page, desktop: boolean): Promise<void> {
  const panel = page.locator('details[data-filter-panel]');
  if ((await panel.count()) === 0) return;
  const open = await panel.evaluate((element: HTMLDetailsElement) => element.open);
  if (desktop) expect(open, 'the sidebar is open on a desktop').toBe(true);
  if (!open) await panel.locator('summary').click();
}

const viewports = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

describe.each(viewports)('filters on a category ($name)', ({ name, viewport }) => {
  it('applies a size and a colour at once, with counts that change, at a URL that loads the same page', async () => {
    const watched = await watchedPage(browser, viewport);
    const { page } = watched;
    await page.goto(url('/women/clothing'));
    const desktop = name === 'desktop';
    await openFilters(page, desktop);
    expect(await page.getByRole('button', { name: 'Apply filters' }).isVisible()).toBe(false);
    const total = await productCount(page);
    const sizes = await groupCounts(page, 'Size');
    const [size] = [...sizes].find(([, count]) => count > 1 && count < total)!;

    const sizeBox = page.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: new RegExp(`^${size} `) });
    expect(await sizeBox.count()).toBe(1);
    await Promise.all([page.waitForURL(/size=/, { waitUntil: 'domcontentloaded' }), sizeBox.click()]);
    const bySize = await productCount(page);
    expect(bySize).toBe(sizes.get(size));
    const colours = await groupCounts(page, 'Color');
    const [colour, colourCount] = [...colours].find(([, count]) => count < bySize) ?? [...colours][0]!;

    // A filtered page opens its panel, so the shopper sees what is applied.
    expect(await page.locator('details[data-filter-panel]').evaluate((element: HTMLDetailsElement) => element.open)).toBe(true);
    const colourBox = page.getByRole('group', { name: 'Color' }).getByRole('checkbox', { name: new RegExp(`^${colour} `) });
    await Promise.all([page.waitForURL(/color=.*size=/, { waitUntil: 'domcontentloaded' }), colourBox.click()]);
    expect(await productCount(page)).toBe(colourCount);
    expect(await page.getByRole('list', { name: 'Filters applied' }).textContent()).toContain(`Size: ${size}`);
    const shared = page.url();
    expect(new URL(shared).search).toMatch(/^\?color=[a-z0-9-]+&size=[a-z0-9-]+$/);
    await screenshot(page, `layered-navigation-${name}`);
    await expectAccessible(page);

    // The shared URL shows the same page to someone else.
    const other = await watchedPage(browser, viewport);
    await other.page.goto(shared);
    expect(await productCount(other.page)).toBe(colourCount);
    expect(await other.page.locator('.card a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      await page.locator('.card a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    );

    // The order applies at once and keeps the filters.
    await Promise.all([page.waitForURL(/sort=name/, { waitUntil: 'domcontentloaded' }), page.getByLabel('Sort by').selectOption('name')]);
    expect(new URL(page.url()).search).toMatch(/^\?color=[a-z0-9-]+&size=[a-z0-9-]+&sort=name$/);
    expect(await productCount(page)).toBe(colourCount);
    expectNoProblems(watched);
    expectNoProblems(other);
  });

  it('offers no price filter where prices are hidden from guests', async () => {
    const watched = await watchedPage(browser, viewport);
    const { page } = watched;
    await page.goto(url('/women/clothing'));
    await openFilters(page, name === 'desktop');
    expect(await page.getByRole('group', { name: 'Price' }).count()).toBe(1);
    await page.goto(url('/trade-supplies'));
    await openFilters(page, name === 'desktop');
    expect(await page.locator('.card').count()).toBeGreaterThan(0);
    expect(await page.getByRole('group', { name: 'Price' }).count()).toBe(0);
    expect(await page.getByLabel('Sort by').locator('option').allTextContents()).not.toContain('Price, low to high');
    await expectAccessible(page);
    expectNoProblems(watched);
  });
});

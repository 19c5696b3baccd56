/**
 * What the browser tests do with a page (Chromium itself comes from scripts/lib/chromium.ts): a page
 * that records CSP violations and page errors, screenshots for review under test-results/, axe-core
 * checks, and the JavaScript a product page ships.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from '../../scripts/lib/processes.ts';

export const SCREENSHOT_DIR = join(ROOT, 'test-results/screenshots');

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught exceptions so far (CSP violations show up here). */
  problems: string[];
}

export async function watchedPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  // The console names no URL for a failed load; this does.
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return { page, problems };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the current page (WCAG 2 A and AA rules). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= await readFile(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  // Colours half-way through a transition (a submit button enabled by hydration fades from grey to
  // the accent) are no state a shopper reads: check the page once every island has hydrated (Astro
  // drops `ssr` from an island when it has; an island hydrating during the check starts such a fade)
  // and nothing is animating.
  // A function, not text (the page's CSP refuses evaluating text), typed without the DOM library:
  // the backend's tests use this too, and its TypeScript has no DOM types.
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as { document: { getAnimations(): Array<{ playState: string }>; querySelector(selector: string): unknown } };
    return document.querySelector('astro-island[ssr]') === null && document.getAnimations().every((animation) => animation.playState !== 'running');
  });
  // Text evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(axeSource);
  const violations = await page.evaluate<AxeViolation[]>(`axe
    .run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    .then((result) => result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) })))`);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page), page.url()).toEqual([]);
}

/** No console errors (CSP violations included) or failed loads, except those the test caused on purpose. */
export function expectNoProblems(watched: WatchedPage, expected?: RegExp): void {
  const unexpected = watched.problems.filter((problem) => !expected?.test(problem));
  expect(unexpected, 'console errors (CSP violations, exceptions)').toEqual([]);
}

/** Issue 6: at most this much gzipped JavaScript on a product page, whatever the product type. */
export const JS_BUDGET_BYTES = 30 * 1024;

/**
 * The add-to-cart island hydrates on load: scrolls its button into view (below a tall buy form,
 * such as a gift card's, the form's top is not enough) and waits until it is usable.
 */
export async function untilAddToCartHydrated(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Add to cart' });
  await button.scrollIntoViewIfNeeded();
  await expect.poll(() => button.isEnabled()).toBe(true);
}

export interface ShippedScripts {
  urls: string[];
  gzippedBytes: number;
}

/**
 * Every script a product page loads, the add-to-cart island included, and their gzipped size.
 */
export async function productPageScripts(browser: Browser, url: string): Promise<ShippedScripts> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Array<{ url: string; body: Promise<Buffer> }> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.body() });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await untilAddToCartHydrated(page);
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts.map((script) => script.body));
  await context.close();
  return { urls: scripts.map((script) => script.url), gzippedBytes: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0) };
}

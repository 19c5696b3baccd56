/**
 * Chromium for the browser tests (Debian's, driven by playwright-core): a page that records CSP
 * violations and page errors, screenshots for review under test-results/, and axe-core checks.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from '../../scripts/lib/processes.ts';

export const SCREENSHOT_DIR = join(ROOT, 'test-results/screenshots');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

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
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (options: unknown) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  });
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

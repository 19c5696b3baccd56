import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from '../../../scripts/lib/chromium.ts';
import { ensureAdminUser } from '../../src/platform/admin/ensure-admin.ts';
import { testAdmin } from './admin-session.ts';
import { listen } from './http-server.ts';
import type { AppConfig } from '../../src/app.ts';
import { openTestShop, type TestShop } from './test-shop.ts';

export interface AdminInBrowser {
  shop: TestShop;
  /** Where the backend listens over real HTTP. */
  url: string;
  browser: Browser;
  /** A new page signed into the admin as the test admin, on the dashboard. */
  signedInPage(): Promise<Page>;
  /** The same on a 390 px touch phone (signed in by tapping), in a context of its own to close. */
  signedInPhone(): Promise<{ page: Page; context: BrowserContext }>;
  /** Closes the browser, the server and the shop, and checks the app logged no error. */
  close(): Promise<void>;
}

/** The backend on a real port with the test admin (and the modules `config` loads), and a Chromium to drive its admin panel. */
export async function openAdminInBrowser(config: AppConfig = {}): Promise<AdminInBrowser> {
  const shop = await openTestShop('pglite', config);
  await ensureAdminUser(shop.database.db, testAdmin);
  const server = await listen(shop);
  const browser = await launchChromium();
  return {
    shop,
    url: server.url,
    browser,
    async signedInPage() {
      const page = await browser.newPage();
      await page.goto(`${server.url}/admin/login`);
      await page.getByLabel('Email').fill(testAdmin.email);
      await page.getByLabel('Password').fill(testAdmin.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${server.url}/admin`);
      return page;
    },
    async signedInPhone() {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/login`);
      await page.getByLabel('Email').fill(testAdmin.email);
      await page.getByLabel('Password').fill(testAdmin.password);
      await page.getByRole('button', { name: 'Sign in' }).tap();
      await page.waitForURL(`${server.url}/admin`);
      return { page, context };
    },
    async close() {
      await browser.close();
      await server.close();
      expect(shop.loggedErrors).toEqual([]);
      await shop.close();
    },
  };
}

/** How far a page scrolls sideways (0 or less: it fits the screen). Evaluated as text: the backend's TypeScript has no DOM types. */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

/**
 * Customer Approval and B2B Registration on the storefront, in a real browser against the real backend
 * and the built storefront: the sign-up that awaits approval, the login page showing the backend's
 * blocked and rejected messages, approval letting the customer in, and the trade-application links
 * read from the registration module's manifest.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { signIn } from '../support/account-page.ts';
import { expectAccessible, expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { adminToken } from '../support/outbox.ts';
import { startShop, type TestShop } from '../support/shop.ts';

let shop: TestShop;
let browser: Browser;
let admin: { Authorization: string };

const blocked = 'Thanks for signing up! We check every new account within one working day.';
const rejected = 'We could not approve this account. Call us on 0800 123 456.';
const url = (path: string) => `${shop.storefront.url}${path}`;
const backendAdmin = (method: string, path: string, body?: unknown) =>
  fetch(`${shop.backend.url}/api/rest/v2/admin${path}`, { method, headers: { ...admin, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  admin = { Authorization: `Bearer ${await adminToken(shop)}` };
  // The demo approves trade applications only; this shop approves every new account.
  const saved = await backendAdmin('PUT', '/customer-approval/config', { requireApprovalForNewRegistrations: true, blockedLoginMessage: blocked, rejectedLoginMessage: rejected });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('accounts that need approval', () => {
  const account = { email: `waiting-${Date.now()}@example.com`, password: 'Patience#2026' };

  it('tells a new customer the account awaits approval, shows the blocked and rejected messages at sign-in, and lets them in once approved', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(url('/register'));
    await page.getByLabel('First name').fill('Katherine');
    await page.getByLabel('Last name').fill('Johnson');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Your account is awaiting approval' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/register');
    await screenshot(page, 'approval-registered');
    await expectAccessible(page);

    await signIn(page, shop.storefront.url, account.email, account.password);
    await expect.poll(() => page.locator('#sign-in-error .error').textContent()).toBe(blocked);
    expect(new URL(page.url()).pathname).toBe('/login');

    const list = await backendAdmin('GET', `/customers?approvalStatus=pending&search=${encodeURIComponent(account.email)}`);
    const [customer] = ((await list.json()) as { member: { id: number }[] }).member;
    expect(customer).toBeDefined();
    expect((await backendAdmin('POST', `/customers/${customer!.id}/decline`)).status).toBe(200);
    await signIn(page, shop.storefront.url, account.email, account.password);
    await expect.poll(() => page.locator('#sign-in-error .error').textContent()).toBe(rejected);

    expect((await backendAdmin('POST', `/customers/${customer!.id}/approve`)).status).toBe(200);
    await signIn(page, shop.storefront.url, account.email, account.password);
    await page.waitForURL(url('/account'));
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Katherine Johnson');
    // Refused on purpose: the two sign-ins while pending and rejected.
    expectNoProblems(watched, /\b403\b/);
    await page.context().close();
  });

  it('links the login and registration pages to the trade application named by the registration manifest', async () => {
    const manifest = await fetch(url('/api/b2b/registration/config'));
    expect(await manifest.json()).toEqual({ enabled: true, formCodes: ['trade-application'], applyPath: '/trade-account' });
    const watched = await watchedPage(browser);
    for (const path of ['/login', '/register']) {
      await watched.page.goto(url(path));
      const link = watched.page.getByRole('link', { name: 'Apply for a trade account' });
      expect(await link.getAttribute('href')).toBe('/trade-account');
    }
    expectNoProblems(watched);
    await watched.page.context().close();
  });
});

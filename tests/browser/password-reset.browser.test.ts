/**
 * "Forgot your password?" end to end in a real browser: the request from the login page, the email
 * read back from the backend's outbox (admin API), the emailed link opened on the storefront, a new
 * password set, and signing in with it. Against the real backend and the built storefront.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { expectAccessible, expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { signIn as signInOn } from '../support/account-page.ts';
import { emailedLink as emailedLinkOf, emailsTo } from '../support/outbox.ts';
import { startShop, type TestShop } from '../support/shop.ts';

let shop: TestShop;
let browser: Browser;

const backendApi = (path: string, init?: RequestInit) => fetch(`${shop.backend.url}/api/rest/v2${path}`, init);
const url = (path: string) => `${shop.storefront.url}${path}`;

const resetEmails = (to: string) => emailsTo(shop, 'password_reset', to);
const emailedLink = (to: string) => emailedLinkOf(shop, 'password_reset', to, '/account/set-password');

const signIn = (page: Page, email: string, password: string) => signInOn(page, shop.storefront.url, email, password);

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('forgot password', () => {
  const account = { email: `forgetful-${Date.now()}@example.com`, password: 'Original#1906', firstName: 'Grace', lastName: 'Hopper' };

  it('emails a link from the login page, sets a new password with it and signs in; the link then is spent', async () => {
    const created = await backendApi('/customers', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
    expect(created.status).toBe(201);
    const watched = await watchedPage(browser);
    const { page } = watched;

    await page.goto(url('/login'));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(url('/account/forgot-password'));
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'If an account exists for this email' }).count()).toBe(1);
    await screenshot(page, 'forgot-password');
    await expectAccessible(page);

    const link = await emailedLink(account.email);
    const [email] = await resetEmails(account.email);
    expect(email).toMatchObject({ subject: expect.stringMatching(/^Reset your password at /), status: 'unsent' });

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Compiler#1952');
    await page.getByLabel('Repeat the new password').fill('Compiler#1925');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.locator('#sp-repeat-error').textContent()).toBe('The two passwords differ.');
    await page.getByLabel('Repeat the new password').fill('Compiler#1952');
    await screenshot(page, 'set-password');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Set password' }).click();
    // Signed in with the new password straight away.
    await page.waitForURL(url('/account'));
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Grace Hopper');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(url('/'));
    await signIn(page, account.email, account.password);
    await expect.poll(() => page.locator('#sign-in-error .error').textContent()).toMatch(/\w/);
    await signIn(page, account.email, 'Compiler#1952');
    await page.waitForURL(url('/account'));
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Grace Hopper');

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another#2026');
    await page.getByLabel('Repeat the new password').fill('Another#2026');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'This link was already used' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Send me a new link' }).click();
    await page.waitForURL(url('/account/forgot-password'));
    // Refused on purpose: the old password (401) and the spent link (400).
    expectNoProblems(watched, /\b(401|400)\b/);
    await page.context().close();
  });

  it('says so when the link lost its token', async () => {
    const watched = await watchedPage(browser);
    await watched.page.goto(url('/account/set-password?token=cut'));
    await expect.poll(() => watched.page.getByRole('alert').filter({ hasText: 'This link is incomplete' }).count()).toBe(1);
    expect(await watched.page.getByRole('button', { name: 'Set password' }).count()).toBe(0);
    expectNoProblems(watched);
    await watched.page.context().close();
  });
});

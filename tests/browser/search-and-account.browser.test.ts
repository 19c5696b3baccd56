/**
 * Search results across pages, and the account's profile and password forms, in a real browser
 * against the real backend and the built storefront.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { SEARCH_PAGE_SIZE } from '../../src/lib/catalog/search-page.ts';
import { expectAccessible, expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { startShop, type TestShop } from '../support/shop.ts';

let shop: TestShop;
let browser: Browser;
/** A word of product names that matches more than one page of results. */
let commonWord: string;
let commonWordHits: number;

const backendApi = (path: string, init?: RequestInit) => fetch(`${shop.backend.url}/api/rest/v2${path}`, init);

/** The most frequent words of the catalog's product names, most frequent first. */
async function frequentNameWords(): Promise<string[]> {
  const counts = new Map<string, number>();
  const listing = (await (await backendApi('/products?itemsPerPage=100')).json()) as { member: Array<{ name: string }> };
  for (const { name } of listing.member) {
    for (const word of name.toLowerCase().match(/\p{L}{4,}/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word);
}

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  for (const word of await frequentNameWords()) {
    const { totalItems } = (await (await backendApi(`/search?q=${encodeURIComponent(word)}&itemsPerPage=1`)).json()) as { totalItems: number };
    if (totalItems > SEARCH_PAGE_SIZE) {
      [commonWord, commonWordHits] = [word, totalItems];
      break;
    }
  }
  expect(commonWord, 'a word with more than one page of search results').toBeDefined();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const url = (path: string) => `${shop.storefront.url}${path}`;
/** The products shown, by link (names need not be unique). */
const resultLinks = (page: Page) => page.locator('main article a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));

describe('search results pages', () => {
  it('pages through the results of a common word and links back', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(url('/'));
    await page.getByLabel('Search products').first().fill(commonWord);
    await page.getByLabel('Search products').first().press('Enter');
    await page.waitForURL(/\/search\?q=/);
    const pages = Math.ceil(commonWordHits / SEARCH_PAGE_SIZE);
    await expect.poll(() => page.getByRole('status').textContent()).toBe(`${commonWordHits} results for “${commonWord}” · page 1 of ${pages}`);
    const first = await resultLinks(page);
    expect(first).toHaveLength(SEARCH_PAGE_SIZE);

    await page.getByRole('navigation', { name: 'Search result pages' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/[?&]page=2$/);
    await expect.poll(() => page.getByRole('status').textContent()).toContain(`page 2 of ${pages}`);
    const second = await resultLinks(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((name) => first.includes(name))).toEqual([]);
    expect(await page.locator('link[rel="prev"]').getAttribute('href')).toBe(`/search?q=${encodeURIComponent(commonWord)}`);
    await screenshot(page, 'search-page-2');
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Search result pages' }).getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL(url(`/search?q=${encodeURIComponent(commonWord)}`));
    expect(await resultLinks(page)).toEqual(first);
    expectNoProblems(watched);
    await page.context().close();
  });

  it('answers a page past the end and hostile queries with a message, never a server error', async () => {
    const past = await fetch(url(`/search?q=${encodeURIComponent(commonWord)}&page=999`));
    expect(past.status).toBe(404);
    expect(await past.text()).toContain('Back to the first page of results');

    // Markup in the query is shown as the text it is, never run.
    const { page } = await watchedPage(browser);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const markup = await page.goto(url('/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E'));
    expect(markup?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Search results for “<script>alert(1)</script>”');
    expect(dialogs).toBe(0);
    await page.context().close();

    for (const [query, message] of [
      ['%21%21%21', 'at least one letter or digit'],
      ['tee%00', 'control characters'],
      ['tee&page=-1', 'not a page'],
    ]) {
      const response = await fetch(url(`/search?q=${query}`));
      expect(response.status, query).toBe(400);
      expect(await response.text(), query).toContain(message);
    }
    // An over-long query is cut, never refused.
    const long = await fetch(url(`/search?q=${'a'.repeat(1000)}`));
    expect(long.status).toBe(200);
    expect(await long.text()).toContain('shortened to its first 100 characters');
  });
});

describe('the account', () => {
  const account = { email: `reader-${Date.now()}@example.com`, password: 'Reading#1843', firstName: 'Augusta', lastName: 'King' };

  async function signIn(page: Page, password: string): Promise<void> {
    await page.goto(url('/login'));
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('edits the profile, changes the password, and signs in only with the new one', async () => {
    const created = await backendApi('/customers', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
    expect(created.status).toBe(201);
    const watched = await watchedPage(browser);
    const { page } = watched;
    await signIn(page, account.password);
    await page.waitForURL(url('/account'));
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Augusta King');

    // An email someone else has: the backend's message shows by the email field.
    await page.locator('#pf-email').fill('shopper@example.com');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.locator('#pf-email-error').textContent()).toBe('Already registered.');
    expect(await page.locator('#pf-email').getAttribute('aria-invalid')).toBe('true');

    // The address book has name fields too: these are the profile's.
    await page.locator('#pf-email').fill(account.email);
    await page.locator('#pf-first').fill('Ada');
    await page.locator('#pf-last').fill('Lovelace');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Your profile is saved.' }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Ada Lovelace');

    // A wrong current password is named by its field; nothing changes.
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('Engine#1843');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.locator('#pw-current-error').textContent()).toBe('Wrong password.');

    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password').fill('Engine#1843');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Your password is changed.' }).count()).toBe(1);
    await screenshot(page, 'account-forms');
    await expectAccessible(page);
    // This device stays signed in past its access token: the refresh token it now holds works.
    const renewed = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('shop.customer') ?? '{}') as { refreshToken?: string };
      const response = await fetch('/api/auth/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.refreshToken ?? '' }) });
      return response.status;
    });
    expect(renewed).toBe(200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(url('/'));
    await signIn(page, account.password);
    await expect.poll(() => page.locator('#sign-in-error .error').textContent()).toMatch(/\w/);
    expect(page.url()).toBe(url('/login'));
    await signIn(page, 'Engine#1843');
    await page.waitForURL(url('/account'));
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Ada Lovelace');
    // Refused on purpose above: the taken email (409), the wrong current password (400), the old password (401).
    expectNoProblems(watched, /\b(409|400|401)\b/);
    await page.context().close();
  });
});

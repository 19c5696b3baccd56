/**
 * Issue 12 §5 and §6 in a real browser, against the real backend and the built storefront:
 * checkout keeps what the shopper typed across a reload (never the card) until the order is placed;
 * a signed-in customer starts from their name, email and saved addresses, saves the address with
 * the order and picks another next time; the account's address book edits and sets defaults; a
 * guest finds an order by number, email and postcode; a customer adds earlier guest orders to the
 * account through the emailed link, once.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { CategoryNode, ListingPage, ProductCard } from '../../src/lib/content/schemas.ts';
import { signIn } from '../support/account-page.ts';
import { expectAccessible, expectNoProblems, screenshot, watchedPage } from '../support/browser.ts';
import { fillAddress, placeOrder, TEST_CARD } from '../support/checkout-page.ts';
import { placeGuestOrder } from '../support/guest-order.ts';
import { adminToken, emailedLink } from '../support/outbox.ts';
import { startShop, type TestShop } from '../support/shop.ts';

let shop: TestShop;
let browser: Browser;
let simple: ProductCard;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  for (const node of (await shop.kv.get<CategoryNode[]>('default:categories', 'json')) ?? []) {
    const listing = await shop.kv.get<ListingPage>(`default:products:category:${node.id}:page:1`, 'json');
    const card = listing?.products.find((candidate) => candidate.type === 'simple' && candidate.stockStatus === 'in_stock');
    if (card) {
      simple = card;
      break;
    }
  }
  expect(simple, 'an in-stock simple product').toBeDefined();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const url = (path: string) => `${shop.storefront.url}${path}`;
const draftKey = 'shop.checkoutDraft.default';

async function addToCartAndCheckOut(page: Page): Promise<void> {
  await page.goto(url(`/${simple.urlKey}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Added to your cart' }).count()).toBe(1);
  await page.goto(url('/checkout'));
  await expect.poll(() => page.locator('#co-street').count()).toBe(1);
}

async function fillBilling(page: Page, address: { street: string; city: string; postcode: string; country: string }): Promise<void> {
  await page.getByLabel('Same as the shipping address').uncheck();
  await page.locator('#bi-first').fill('Ada');
  await page.locator('#bi-last').fill('Lovelace');
  await page.locator('#bi-street').fill(address.street);
  await page.locator('#bi-city').fill(address.city);
  await page.locator('#bi-postcode').fill(address.postcode);
  await page.locator('#bi-country').selectOption(address.country);
  const region = page.locator('select#bi-region');
  if (await region.count()) await region.selectOption({ index: 1 });
}

async function createAccount(label: string) {
  const account = { email: `${label}-${Date.now()}@example.com`, password: 'Checkout#2026', firstName: 'Grace', lastName: 'Hopper' };
  const created = await fetch(url('/api/customers'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  expect(created.status).toBe(201);
  return account;
}

describe('checkout memory and the address book', () => {
  let guestOrder = { number: '', email: 'memory@example.com' };

  it('keeps what a guest typed across a reload, never the card, and forgets it once the order is placed', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    await addToCartAndCheckOut(page);
    await page.getByLabel('Email').fill(guestOrder.email);
    await fillAddress(page);
    await page.locator('#co-phone').fill('555 0100');
    await fillBilling(page, { street: '3 Ledger Lane', city: 'Bath', postcode: 'BA1 1AA', country: 'GB' });
    await page.reload();
    await expect.poll(() => page.locator('#co-street').inputValue()).toBe('12 Analytical Way');
    expect(await page.getByLabel('Email').inputValue()).toBe(guestOrder.email);
    expect(await page.locator('#co-first').inputValue()).toBe('Ada');
    expect(await page.locator('#co-postcode').inputValue()).toBe('12345');
    expect(await page.locator('#co-phone').inputValue()).toBe('555 0100');
    expect(await page.locator('select#co-region').inputValue()).not.toBe('');
    expect(await page.getByLabel('Same as the shipping address').isChecked()).toBe(false);
    expect(await page.locator('#bi-street').inputValue()).toBe('3 Ledger Lane');
    expect(await page.locator('#bi-country').inputValue()).toBe('GB');
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), draftKey)).not.toContain('4242');
    // A guest is offered no address book.
    expect(await page.getByLabel('Save the addresses to my account').count()).toBe(0);
    await screenshot(page, 'checkout-restored');
    await expectAccessible(page);

    await page.getByLabel('Card number').fill(TEST_CARD);
    guestOrder = { ...guestOrder, number: await placeOrder(page) };
    expect(await page.evaluate((key) => sessionStorage.getItem(key), draftKey)).toBeNull();
    expectNoProblems(watched);
    await page.context().close();
  });

  it('prefills a customer\'s name and email, saves the address with the order and offers the saved ones next time', async () => {
    const account = await createAccount('prefill');
    const watched = await watchedPage(browser);
    const { page } = watched;
    await signIn(page, shop.storefront.url, account.email, account.password);
    await page.waitForURL(url('/account'));
    await addToCartAndCheckOut(page);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(account.email);
    await expect.poll(() => page.locator('#co-first').inputValue()).toBe('Grace');
    expect(await page.locator('#co-last').inputValue()).toBe('Hopper');
    expect(await page.getByLabel('Save the addresses to my account').isChecked()).toBe(true);
    await page.locator('#co-street').fill('1 Harbor Road');
    await page.locator('#co-city').fill('Arlington');
    await page.locator('#co-postcode').fill('22201');
    await page.locator('select#co-region').selectOption('Virginia');
    await fillBilling(page, { street: '9 Mint Street', city: 'Baltimore', postcode: '21201', country: 'US' });
    await page.getByLabel('Card number').fill(TEST_CARD);
    await placeOrder(page);

    // The account's address book has both, as the default shipping and the default billing address.
    await page.goto(url('/account'));
    await expect.poll(() => page.getByTestId('saved-address').count()).toBe(2);
    const harbor = (await page.getByTestId('saved-address').filter({ hasText: '1 Harbor Road' }).textContent()) ?? '';
    const mint = (await page.getByTestId('saved-address').filter({ hasText: '9 Mint Street' }).textContent()) ?? '';
    expect([harbor.includes('Default shipping'), harbor.includes('Default billing')]).toEqual([true, false]);
    expect([mint.includes('Default shipping'), mint.includes('Default billing')]).toEqual([false, true]);
    // Another address, made the default shipping address, then edited.
    await page.locator('#ad-first').fill('Grace');
    await page.locator('#ad-last').fill('Hopper');
    await page.locator('#ad-street').fill('7 Dock Street');
    await page.locator('#ad-city').fill('Norfolk');
    await page.locator('#ad-postcode').fill('23510');
    await page.locator('select#ad-region').selectOption('Virginia');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => page.getByTestId('saved-address').count()).toBe(3);
    await page.getByRole('button', { name: 'Make default shipping address 7 Dock Street' }).click();
    await expect.poll(() => page.getByTestId('saved-address').filter({ hasText: '7 Dock Street' }).textContent()).toContain('Default shipping');
    expect(await page.getByTestId('saved-address').filter({ hasText: '1 Harbor Road' }).textContent()).not.toContain('Default shipping');
    await page.getByRole('button', { name: 'Edit address 7 Dock Street' }).click();
    await expect.poll(() => page.locator('#ad-street').inputValue()).toBe('7 Dock Street');
    await page.locator('#ad-city').fill('Portsmouth');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByTestId('saved-address').filter({ hasText: '7 Dock Street' }).textContent()).toContain('Portsmouth');
    await screenshot(page, 'account-addresses');
    await expectAccessible(page);

    // Next checkout starts from the default shipping address and offers the other one.
    await addToCartAndCheckOut(page);
    await expect.poll(() => page.locator('#co-street').inputValue()).toBe('7 Dock Street');
    expect(await page.locator('#co-city').inputValue()).toBe('Portsmouth');
    // Billing starts from the default billing address.
    expect(await page.getByLabel('Same as the shipping address').isChecked()).toBe(false);
    expect(await page.locator('#bi-street').inputValue()).toBe('9 Mint Street');
    const picker = page.getByLabel('Saved addresses');
    expect(await picker.locator('option').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('1 Harbor Road'), expect.stringContaining('7 Dock Street')]));
    await picker.selectOption({ label: (await picker.locator('option').filter({ hasText: '1 Harbor Road' }).textContent()) ?? '' });
    await expect.poll(() => page.locator('#co-street').inputValue()).toBe('1 Harbor Road');
    expect(await page.locator('#co-city').inputValue()).toBe('Arlington');
    // The pick is part of the session's draft too.
    await page.reload();
    await expect.poll(() => page.locator('#co-street').inputValue()).toBe('1 Harbor Road');
    await screenshot(page, 'checkout-saved-addresses');
    await expectAccessible(page);
    expectNoProblems(watched);
    await page.context().close();
  });

  it("keeps what a signed-in customer typed while their account was still loading", async () => {
    const account = await createAccount('slow-account');
    const watched = await watchedPage(browser);
    const { page } = watched;
    await signIn(page, shop.storefront.url, account.email, account.password);
    await page.waitForURL(url('/account'));
    // Hold the address book until the shopper has typed: the prefill arrives late, as on a slow line.
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/customers/me/addresses', async (route) => {
      await typed;
      await route.continue();
    });
    await addToCartAndCheckOut(page);
    await page.locator('#co-first').fill('Ada');
    await page.locator('#co-street').fill('3 Late Lane');
    release();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(account.email);
    expect([await page.locator('#co-first').inputValue(), await page.locator('#co-street').inputValue()]).toEqual(['Ada', '3 Late Lane']);
    expectNoProblems(watched);
    await page.context().close();
  });

  it('finds a guest order by number, email and postcode, and says nothing more when one is wrong', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    // Guests find the page from the sign-in page.
    await page.goto(url('/login'));
    await page.getByRole('link', { name: 'Find your order' }).click();
    await page.waitForURL(url('/orders/lookup'));
    await page.getByLabel('Order number').fill(guestOrder.number);
    await page.getByLabel('Email').fill(guestOrder.email);
    await page.getByLabel('Billing or shipping postcode').fill('99999');
    await page.getByRole('button', { name: 'Find my order' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'We found no order' }).count()).toBe(1);
    expect(await page.getByTestId('looked-up-order').count()).toBe(0);
    await page.getByLabel('Billing or shipping postcode').fill(' 12345 ');
    await page.getByRole('button', { name: 'Find my order' }).click();
    await expect.poll(() => page.getByTestId('order-number').textContent()).toBe(guestOrder.number);
    expect(await page.getByTestId('order-status').textContent()).toBe('Processing');
    // The shop ships it (admin API); looked up again, the shopper reads that it has shipped.
    const admin = { Authorization: `Bearer ${await adminToken(shop)}` };
    const [found] = ((await (await fetch(`${shop.backend.url}/api/rest/v2/admin/orders?q=${guestOrder.number}`, { headers: admin })).json()) as { member: { id: number }[] }).member;
    expect((await fetch(`${shop.backend.url}/api/rest/v2/admin/orders/${found!.id}/ship`, { method: 'POST', headers: admin })).status).toBe(200);
    // The billing postcode finds it too, however it is spaced and cased.
    await page.reload();
    await page.getByLabel('Order number').fill(guestOrder.number);
    await page.getByLabel('Email').fill(guestOrder.email.toUpperCase());
    await page.getByLabel('Billing or shipping postcode').fill('ba11aa');
    await page.getByRole('button', { name: 'Find my order' }).click();
    await expect.poll(() => page.getByTestId('order-number').textContent()).toBe(guestOrder.number);
    expect(await page.getByTestId('looked-up-order').textContent()).toContain(simple.name);
    expect(await page.getByTestId('order-status').textContent()).toBe('Shipped');
    await screenshot(page, 'order-lookup');
    await expectAccessible(page);
    // The wrong postcode answered 404 on purpose.
    expectNoProblems(watched, /\b404\b/);
    await page.context().close();
  });
});

describe('adding earlier guest orders to an account', () => {
  it('links them only through the link emailed to the account\'s address, once', async () => {
    const account = await createAccount('linker');
    const earlier = await placeGuestOrder(shop.storefront.url, simple.sku, account.email);
    const watched = await watchedPage(browser);
    const { page } = watched;
    await signIn(page, shop.storefront.url, account.email, account.password);
    await page.waitForURL(url('/account'));
    await expect.poll(() => page.getByText('No orders yet.').count()).toBe(1);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect.poll(() => page.getByTestId('link-sent').textContent()).toContain(account.email);

    const link = await emailedLink(shop, 'order_link', account.email, '/account/link-orders');
    await page.goto(link);
    await page.getByRole('button', { name: 'Add my orders' }).click();
    await expect.poll(() => page.getByTestId('linked-orders').textContent()).toContain(earlier.number);
    await screenshot(page, 'link-orders');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await expect.poll(() => page.getByTestId('order').first().textContent()).toContain(earlier.number);

    // The link is spent.
    await page.goto(link);
    await page.getByRole('button', { name: 'Add my orders' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'already used' }).count()).toBe(1);
    expectNoProblems(watched, /\b400\b/);
    await page.context().close();
  });

  it('asks a signed-out visitor of the link to sign in first', async () => {
    const watched = await watchedPage(browser);
    await watched.page.goto(url(`/account/link-orders?token=${'x'.repeat(43)}`));
    await expect.poll(() => watched.page.getByText('Sign in to the account that asked for this link').count()).toBe(1);
    expect(await watched.page.getByRole('button', { name: 'Add my orders' }).count()).toBe(0);
    // Signing in brings them back to this link, token and all.
    const back = `/account/link-orders?token=${'x'.repeat(43)}`;
    await expect.poll(() => watched.page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe(`/login?returnTo=${encodeURIComponent(back)}`);
    expectNoProblems(watched);
    await watched.page.context().close();
  });
});

/**
 * Customers of a test shop in a given group and country, made as a merchant and a shopper would:
 * registered through the API, moved to the group on the admin's customer page (there is no REST
 * call for it), and given a default shipping address (the country B2B Access decides with, DECISIONS.md 48).
 */
import { GROUP } from './access-module.ts';
import type { TestShop } from './shop.ts';

const ADMIN = { email: 'admin@example.com', password: 'Admin#Test2026' };

export async function customerToken(shop: TestShop, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${shop.backend.url}/api/rest/v2/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  if (!response.ok) throw new Error(`sign-in of ${account.email} failed: HTTP ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Signs in to the backend admin as a browser does (cookie and CSRF token) and moves a customer to another group. */
async function moveToGroup(shop: TestShop, customerId: number, groupId: number): Promise<void> {
  let cookie = '';
  let csrf = '';
  const request = async (method: 'GET' | 'POST', path: string, form?: Record<string, string>) => {
    const response = await fetch(`${shop.backend.url}${path}`, {
      method,
      redirect: 'manual',
      headers: { cookie, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams({ _csrf: csrf, ...form }) : undefined,
    });
    const set = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
    if (set.length > 0) cookie = [...cookie.split('; ').filter(Boolean), ...set].join('; ');
    csrf = /name="_csrf" value="([^"]+)"/.exec(await response.text())?.[1] ?? csrf;
    return response;
  };
  await request('GET', '/admin/login');
  if ((await request('POST', '/admin/login', ADMIN)).status !== 303) throw new Error('admin sign-in failed');
  await request('GET', `/admin/customers/${customerId}`);
  if ((await request('POST', `/admin/customers/${customerId}`, { groupId: String(groupId) })).status !== 303) throw new Error(`moving customer ${customerId} failed`);
}

/** Makes `account` the default shipping address's country `countryId`. */
export async function shipTo(shop: TestShop, account: { email: string; password: string }, countryId: string): Promise<void> {
  const saved = await fetch(`${shop.backend.url}/api/rest/v2/customers/me/addresses`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await customerToken(shop, account)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Trade', lastName: 'Buyer', street: ['1 Dock Road'], city: 'Port', postcode: '10001', countryId, isDefaultShipping: true }),
  });
  if (saved.status !== 201) throw new Error(`address refused: HTTP ${saved.status} ${await saved.text()}`);
}

/** A new Wholesale customer whose default shipping address is in `countryId`. */
export async function wholesaleBuyerIn(shop: TestShop, account: { email: string; password: string }, countryId: string): Promise<void> {
  const created = await fetch(`${shop.backend.url}/api/rest/v2/customers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, firstName: 'Trade', lastName: 'Buyer' }),
  });
  if (created.status !== 201) throw new Error(`registration refused: HTTP ${created.status} ${await created.text()}`);
  await moveToGroup(shop, ((await created.json()) as { id: number }).id, GROUP.wholesale);
  await shipTo(shop, account, countryId);
}

/** Signs in through the storefront as its login page does; the session cookie it sets. */
export async function storefrontSession(shop: TestShop, account: { email: string; password: string }): Promise<string> {
  const origin = shop.storefront.url;
  const response = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(account) });
  if (response.status !== 200) throw new Error(`storefront sign-in of ${account.email} failed: HTTP ${response.status}`);
  return response.headers.getSetCookie().find((value) => value.startsWith('shop_session='))!.split(';')[0]!;
}

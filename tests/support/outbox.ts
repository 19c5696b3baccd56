/**
 * The backend's email outbox as the browser tests read it: through the admin API, with the admin
 * account startShop creates. Emailed links are written on STOREFRONT_URL's origin, which a test
 * shop does not know (its storefront port is chosen after the backend starts), so links are
 * reopened on the test storefront's origin.
 */
import { expect } from 'vitest';
import type { TestShop } from './shop.ts';

export interface OutboxEntry {
  kind: string;
  to: string;
  subject: string;
  text: string;
  status: string;
}

/** An admin token (password grant, scope=admin). */
export async function adminToken(shop: TestShop): Promise<string> {
  const response = await fetch(`${shop.backend.url}/api/rest/v2/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'admin@example.com', password: 'Admin#Test2026', scope: 'admin' }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The emails of one kind to an address, newest first. */
export async function emailsTo(shop: TestShop, kind: string, to: string): Promise<OutboxEntry[]> {
  const response = await fetch(`${shop.backend.url}/api/rest/v2/admin/mail/outbox?kind=${encodeURIComponent(kind)}&to=${encodeURIComponent(to)}`, {
    headers: { Authorization: `Bearer ${await adminToken(shop)}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { member: OutboxEntry[] }).member;
}

/** The storefront link to `path` (with its query) in the newest email of `kind` to `to`, on the test storefront. */
export async function emailedLink(shop: TestShop, kind: string, to: string, path: string): Promise<string> {
  let emails: OutboxEntry[] = [];
  await expect.poll(async () => (emails = await emailsTo(shop, kind, to)).length).toBeGreaterThan(0);
  const href = new RegExp(`https?://\\S+${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?token=[\\w-]+`).exec(emails[0]!.text)?.[0];
  expect(href, emails[0]!.text).toBeDefined();
  const link = new URL(href!);
  return `${shop.storefront.url}${link.pathname}${link.search}`;
}

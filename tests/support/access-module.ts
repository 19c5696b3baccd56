/**
 * The B2B Access module of a test shop, set up through its admin API (as a merchant would), so
 * tests do not depend on the demo's configuration.
 */
import type { TestShop } from './shop.ts';

/** The admin startShop() creates. */
const ADMIN = { username: 'admin@example.com', password: 'Admin#Test2026' };

export const SHOPPER = { email: 'shopper@example.com', password: 'Shopper#2026' };
export const WHOLESALE_BUYER = { email: 'buyer@trade.example', password: 'Trade#2026' };
/** Customer groups of the demo (backend/src/demo/stores.ts): guests are 0. */
export const GROUP = { guest: 0, general: 1, wholesale: 2 } as const;

export async function adminAuthorization(shop: TestShop): Promise<string> {
  const response = await fetch(`${shop.backend.url}/api/rest/v2/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', scope: 'admin', ...ADMIN }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: HTTP ${response.status} ${await response.text()}`);
  return `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
}

/** Replaces the module's configuration (DECISIONS.md 27); throws with the backend's answer on refusal. */
export async function configureAccess(shop: TestShop, config: unknown): Promise<void> {
  const response = await fetch(`${shop.backend.url}/api/rest/v2/admin/b2b-access/config`, {
    method: 'PUT',
    headers: { Authorization: await adminAuthorization(shop), 'Content-Type': 'application/json' },
    body: JSON.stringify(config),
  });
  if (!response.ok) throw new Error(`configuring b2b-access failed: HTTP ${response.status} ${await response.text()}`);
}

/** Adds a rule (DECISIONS.md 29; omitted parts take the module's defaults). */
export async function createRule(shop: TestShop, rule: unknown): Promise<void> {
  const response = await fetch(`${shop.backend.url}/api/rest/v2/admin/b2b-access/rules`, {
    method: 'POST',
    headers: { Authorization: await adminAuthorization(shop), 'Content-Type': 'application/json' },
    body: JSON.stringify(rule),
  });
  if (!response.ok) throw new Error(`creating a b2b-access rule failed: HTTP ${response.status} ${await response.text()}`);
}

/** Basic mode: prices hidden and purchase blocked for guests and General; Wholesale sees and buys. */
export const HIDE_PRICES_FROM_GUESTS_AND_GENERAL = {
  enabled: true,
  mode: 'basic',
  hidePrice: { enabled: true, blockPurchase: true, message: 'Trade prices are shown to approved trade accounts.' },
  activationMatrix: { byCustomerGroup: true, customerGroups: [GROUP.guest, GROUP.general], byCategory: false, categoryIds: [] },
};

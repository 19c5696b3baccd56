/**
 * Cache separation with the B2B Access module hiding prices from guests and General (DECISIONS.md
 * 20, 31): the same page seen by a Wholesale buyer, a guest, a General shopper and the Wholesale
 * buyer again. Each sees their own view, no guest body holds a price, and the edge cache keeps one
 * copy per customer group (and the guest's), never answering one group with another's.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryNode, ListingPage, Product } from '../src/lib/content/schemas.ts';
import { GROUP_RECHECK_MS } from '../src/lib/session/session-step.ts';
import { openSession, sealSession } from '../src/lib/session/session-token.ts';
import { adminAuthorization, configureAccess, createRule, GROUP, HIDE_PRICES_FROM_GUESTS_AND_GENERAL, SHOPPER, WHOLESALE_BUYER } from './support/access-module.ts';
import { startShop, type TestShop } from './support/shop.ts';
import { shipTo, wholesaleBuyerIn } from './support/trade-buyers.ts';

const MESSAGE = HIDE_PRICES_FROM_GUESTS_AND_GENERAL.hidePrice.message;
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Known to the test, so it can age a session cookie past its re-check minute (the clock of workerd cannot be moved). */
const SESSION_SECRET = randomBytes(32).toString('base64url');
let shop: TestShop;
let category: CategoryNode;
let product: Product;
let wholesalePrice: string;
beforeAll(async () => {
  shop = await startShop({ vars: { SESSION_SECRET } });
  await configureAccess(shop, HIDE_PRICES_FROM_GUESTS_AND_GENERAL);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  const tree = (await shop.kv.get<CategoryNode[]>('default:categories', 'json')) ?? [];
  category = tree.find((node) => node.productCount > 0)!;
  const listing = await shop.kv.get<ListingPage>(`default:products:category:${category.id}:page:1`, 'json');
  const card = listing!.products.find((candidate) => candidate.type === 'simple')!;
  product = (await shop.kv.get<Product>(`default:product:${card.urlKey}`, 'json'))!;
  const token = await customerToken(WHOLESALE_BUYER);
  const asWholesale = (await (await fetch(`${shop.backend.url}/api/rest/v2/products/${product.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Product;
  wholesalePrice = usd.format(asWholesale.finalPrice!);
});
afterAll(async () => {
  await shop?.stop();
});

const origin = () => shop.storefront.url;

async function customerToken(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${shop.backend.url}/api/rest/v2/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Signs in through the storefront as its login page does; the session cookie it sets. */
async function sessionCookie(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${origin()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin() },
    body: JSON.stringify(account),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().find((value) => value.startsWith('shop_session='))!.split(';')[0]!;
}

async function view(path: string, cookie?: string): Promise<{ cache: string | null; cacheControl: string | null; html: string }> {
  const response = await fetch(`${origin()}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status).toBe(200);
  return { cache: response.headers.get('X-Cache'), cacheControl: response.headers.get('Cache-Control'), html: await response.text() };
}

describe('cache separation', () => {
  it('the KV guest view holds no price for the gated product', () => {
    expect(product.finalPrice).toBeNull();
    expect(product.price).toBeNull();
  });

  for (const page of ['product', 'category'] as const) {
    it(`Wholesale, guest, General, Wholesale again on a ${page} page: each sees their own view`, async () => {
      const path = page === 'product' ? `/${product.urlKey}` : `/${category.urlPath}`;
      const [wholesale, general] = await Promise.all([sessionCookie(WHOLESALE_BUYER), sessionCookie(SHOPPER)]);

      const first = await view(path, wholesale);
      expect(first.cache).toBe('MISS');
      expect(first.cacheControl).toMatch(/^private\b/);
      expect(first.html).toContain(wholesalePrice);
      expect(first.html).not.toContain(MESSAGE);

      const guest = await view(path);
      expect(guest.cache).toBe('MISS');
      expect(guest.cacheControl).toBe('public, max-age=0, must-revalidate');
      expect(guest.html).not.toContain(wholesalePrice);
      expect(guest.html).not.toMatch(/\$\d/);
      expect(guest.html).toContain(MESSAGE);

      const generalView = await view(path, general);
      expect(generalView.cache).toBe('MISS');
      expect(generalView.cacheControl).toMatch(/^private\b/);
      expect(generalView.html).not.toMatch(/\$\d/);
      expect(generalView.html).toContain(MESSAGE);

      const again = await view(path, wholesale);
      expect(again.cache).toBe('HIT');
      expect(again.cacheControl).toMatch(/^private\b/);
      expect(again.html).toContain(wholesalePrice);

      const guestAgain = await view(path);
      expect(guestAgain.cache).toBe('HIT');
      expect(guestAgain.html).not.toMatch(/\$\d/);
    });
  }

  it('the Wholesale buyer can buy what guests may not', async () => {
    const blocked = await fetch(`${origin()}/api/cart/items`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sku: product.sku, qty: 1 }),
    });
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ error: 'purchase_blocked' });
    const wholesale = await view(`/${product.urlKey}`, await sessionCookie(WHOLESALE_BUYER));
    expect(wholesale.html).toMatch(/<button[^>]*>Add to cart<\/button>/);
  });
});

describe('products hidden from guests and General (rules mode)', () => {
  let hidden: Product;
  beforeAll(async () => {
    const listing = await shop.kv.get<ListingPage>(`default:products:category:${category.id}:page:1`, 'json');
    const card = listing!.products.find((candidate) => candidate.type === 'simple' && candidate.id !== product.id)!;
    hidden = (await shop.kv.get<Product>(`default:product:${card.urlKey}`, 'json'))!;
    await configureAccess(shop, { enabled: true, mode: 'rules' });
    await createRule(shop, {
      name: 'Wholesale only',
      scope: { customerGroupIds: [GROUP.guest, GROUP.general] },
      legacy: { productIds: [hidden.id] },
      actions: { hideFromListings: true },
    });
    const sync = await shop.manage('/sync');
    expect(sync.status, await sync.clone().text()).toBe(200);
  });

  it('are absent for guests and General, and shown on the Wholesale buyer\'s pages', async () => {
    const [wholesale, general] = await Promise.all([sessionCookie(WHOLESALE_BUYER), sessionCookie(SHOPPER)]);
    const productPath = `/${hidden.urlKey}`;
    const categoryPath = `/${category.urlPath}`;

    expect((await fetch(`${origin()}${productPath}`)).status).toBe(404);
    expect((await fetch(`${origin()}${productPath}`, { headers: { Cookie: general } })).status).toBe(404);
    expect((await view(categoryPath)).html).not.toContain(hidden.name);
    expect((await view(categoryPath, general)).html).not.toContain(hidden.name);

    const page = await view(productPath, wholesale);
    expect(page.cacheControl).toMatch(/^private\b/);
    expect(page.html).toContain(hidden.name);
    expect((await view(categoryPath, wholesale)).html).toContain(hidden.name);
    // The guest's copy, cached after the Wholesale view, still lacks it.
    expect((await view(categoryPath)).html).not.toContain(hidden.name);
  });
});

describe('country-scoped rules and cached views (DECISIONS.md 48)', () => {
  const SECOND_BUYER = { email: 'second-buyer@trade.example', password: 'Second#Trade2026' };
  // The demo's Wholesale buyer is also Harbour Cafés' buyer, priced by its list (B2B Pricing): their view is the
  // list's, not the bare group's. Two Wholesale buyers without lists show what the group's copy is shared by.
  const THIRD_BUYER = { email: 'third-buyer@trade.example', password: 'Third#Trade2026' };

  beforeAll(async () => {
    await wholesaleBuyerIn(shop, SECOND_BUYER, 'DE');
    await wholesaleBuyerIn(shop, THIRD_BUYER, 'US');
    await shipTo(shop, WHOLESALE_BUYER, 'US');
  });

  it('without a rule naming countries, two Wholesale customers in different countries share the group\'s copy', async () => {
    const path = `/${product.urlKey}?view=shared`;
    const [us, de] = [await sessionCookie(THIRD_BUYER), await sessionCookie(SECOND_BUYER)];
    const first = await view(path, us);
    expect([first.cache, first.html.includes(wholesalePrice)]).toEqual(['MISS', true]);
    const second = await view(path, de);
    expect([second.cache, second.html.includes(wholesalePrice)]).toEqual(['HIT', true]);
  });

  it('under a rule scoped to a country, each country of the group gets its own copy', async () => {
    await createRule(shop, {
      name: 'No trade price shipped to the US',
      priority: 0,
      scope: { customerGroupIds: [GROUP.wholesale], countries: ['US'] },
      legacy: { productIds: [product.id] },
      actions: { hidePrice: true },
    });
    // The discovery answer now says variesByCountry; the storefront keeps it with the store config.
    const sync = await shop.manage('/sync/config');
    expect(sync.status, await sync.clone().text()).toBe(200);
    const path = `/${product.urlKey}?view=by-country`;
    const [us, de] = [await sessionCookie(WHOLESALE_BUYER), await sessionCookie(SECOND_BUYER)];

    const inUs = await view(path, us);
    expect(inUs.cache).toBe('MISS');
    expect(inUs.html).not.toContain(wholesalePrice);
    const inDe = await view(path, de);
    expect(inDe.cache).toBe('MISS');
    expect(inDe.html).toContain(wholesalePrice);
    // Each is answered from its own country's copy from now on.
    const usAgain = await view(path, us);
    expect([usAgain.cache, usAgain.html.includes(wholesalePrice)]).toEqual(['HIT', false]);
    const deAgain = await view(path, de);
    expect([deAgain.cache, deAgain.html.includes(wholesalePrice)]).toEqual(['HIT', true]);
  });
});

describe('tokens follow the account on the storefront (DECISIONS.md 50)', () => {
  it('signs out a declined shopper at the session\'s next re-check: the cookie is cleared and the page is the guest\'s', async () => {
    const account = { email: `declined-${Date.now()}@example.com`, password: 'Declined#2026' };
    const created = await fetch(`${shop.backend.url}/api/rest/v2/customers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...account, firstName: 'Declinda', lastName: 'Clined' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const cookie = await sessionCookie(account);
    const session = (await openSession(SESSION_SECRET, decodeURIComponent(cookie.slice('shop_session='.length))))!;
    expect(session).toMatchObject({ groupId: GROUP.general, country: 'none' });
    expect((await view(`/${category.urlPath}`, cookie)).html).toContain('Declinda');

    const declined = await fetch(`${shop.backend.url}/api/rest/v2/admin/customers/${id}/decline`, { method: 'POST', headers: { Authorization: await adminAuthorization(shop) } });
    expect(declined.status).toBe(200);
    // The same session, as its cookie reads a minute after the backend last confirmed it.
    const aged = `shop_session=${await sealSession(SESSION_SECRET, { ...session, checkedAt: Date.now() - GROUP_RECHECK_MS - 1000 })}`;
    const response = await fetch(`${origin()}/${category.urlPath}`, { headers: { Cookie: aged } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^shop_session=; Max-Age=0;/));
    const html = await response.text();
    expect(html).not.toContain('Declinda');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
  });
});

/**
 * Signed-in views (DECISIONS.md 31) over real HTTP: signing in through the storefront's proxy sets
 * the signed session cookie; catalog pages for that customer render from the backend with their
 * token, private for the browser and kept at the edge only as their customer group's copy, with
 * their own name in the header; a guest keeps the guest view; an altered cookie is a guest (and is
 * cleared); signing out clears it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTag } from '../contracts/cache-tags.ts';
import type { CategoryNode, Product } from '../src/lib/content/schemas.ts';
import { startCloudflareApi, type CloudflareApiStandIn } from './support/cloudflare-api.ts';
import { startShop, type TestShop } from './support/shop.ts';

const SHOPPER = { email: 'shopper@example.com', password: 'Shopper#2026' };

const ZONE = 'f'.repeat(32);
const CF_TOKEN = 'cf-purge-token-for-the-tests';

let shop: TestShop;
let cloudflare: CloudflareApiStandIn;
let product: Product;
let category: CategoryNode;
beforeAll(async () => {
  // Purges reach "every data centre" through this stand-in for the Cloudflare API (DECISIONS.md 53).
  cloudflare = await startCloudflareApi();
  shop = await startShop({ vars: { CF_ZONE_ID: ZONE, CF_API_TOKEN: CF_TOKEN, CF_API_BASE_URL: cloudflare.url } });
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  const tree = (await shop.kv.get<CategoryNode[]>('default:categories', 'json')) ?? [];
  category = tree.find((node) => node.productCount > 0)!;
  const { keys } = await shop.kv.list({ prefix: 'default:product:' });
  for (const { name } of keys) {
    const record = await shop.kv.get<Product>(name, 'json');
    if (record?.type === 'simple' && record.finalPrice !== null && record.finalPrice < 1000) {
      product = record;
      break;
    }
  }
});
afterAll(async () => {
  await shop?.stop();
  await cloudflare?.close();
});

const origin = () => shop.storefront.url;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${origin()}${path}`, { headers, redirect: 'manual' });

/** Signs in through the storefront's proxy as a page of the shop would (its Origin). */
async function signIn(headers: Record<string, string> = { Origin: origin() }): Promise<{ response: Response; cookie: string | null }> {
  const response = await fetch(`${origin()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(SHOPPER),
  });
  const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('shop_session='));
  return { response, cookie: setCookie ? setCookie.split(';')[0]! : null };
}

/** The name the header greets (null when it greets nobody). */
const greeted = (html: string) => /<span data-customer-name[^>]*>([^<]*)<\/span>/.exec(html)?.[1] ?? null;

async function sessionCookie(): Promise<string> {
  const { response, cookie } = await signIn();
  expect(response.status).toBe(200);
  expect(cookie).not.toBeNull();
  return cookie!;
}

describe('the session cookie', () => {
  it('is set by a sign-in from the shop\'s own pages: HttpOnly, SameSite=Lax, whole site, not Secure on http', async () => {
    const { response } = await signIn();
    expect(response.status).toBe(200);
    const [setCookie] = response.headers.getSetCookie().filter((value) => value.startsWith('shop_session='));
    expect(setCookie).toMatch(/^shop_session=v1\.[\w-]+\.[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie!)![1]);
    expect(maxAge).toBeGreaterThan(3000);
    expect(maxAge).toBeLessThanOrEqual(3600);
    // The token answer itself still reaches the browser's script, as before.
    expect(await response.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
  });

  it('is not set for API clients (no Origin) or another site', async () => {
    expect((await signIn({})).cookie).toBeNull();
    expect((await signIn({ Origin: 'https://evil.example' })).cookie).toBeNull();
  });

  it('is not set by a refused sign-in', async () => {
    const response = await fetch(`${origin()}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin() },
      body: JSON.stringify({ ...SHOPPER, password: 'wrong password' }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('is set by the password grant of /api/auth/token too', async () => {
    const response = await fetch(`${origin()}/api/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin() },
      body: new URLSearchParams({ grant_type: 'password', username: SHOPPER.email, password: SHOPPER.password, scope: 'customer' }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.getSetCookie().some((value) => value.startsWith('shop_session=v1.'))).toBe(true);
  });

  it('is re-issued by a renewal (refresh grant) from the shop\'s pages, so the session lasts as long as the tokens', async () => {
    const { response } = await signIn();
    const { refresh_token: refreshToken } = (await response.json()) as { refresh_token: string };
    const renewed = await fetch(`${origin()}/api/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin() },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    expect(renewed.status, await renewed.clone().text()).toBe(200);
    expect(renewed.headers.getSetCookie().some((value) => value.startsWith('shop_session=v1.'))).toBe(true);
  });
});

describe('signed-in pages', () => {
  it('render from the backend with the customer\'s token, privately, greeting them; the guest keeps the cached guest view', async () => {
    const cookie = await sessionCookie();
    const path = `/${product.urlKey}`;
    // The backend answers this customer with a price KV never held: only a render from the backend shows it.
    shop.faults.transform(new RegExp(`^/api/rest/v2/products/${product.id}\\b`), (body) => ({
      ...(body as object),
      price: 4321.5,
      specialPrice: null,
      finalPrice: 4321.5,
      minimalPrice: 4321.5,
    }));
    shop.faults.seen.length = 0;
    try {
      const signedIn = await get(path, { Cookie: cookie });
      const html = await signedIn.text();
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get('Cache-Control')).toMatch(/^private\b/);
      expect(signedIn.headers.get('X-Cache')).toBe('MISS');
      expect(html).toContain('4,321.50');
      expect(greeted(html)).toBe('Sam');
      const backendCalls = shop.faults.seen.filter((seen) => seen.path.startsWith('/api/rest/v2/products'));
      expect(backendCalls.length).toBeGreaterThan(0);
      expect(backendCalls.every((seen) => /^Bearer /.test(String(seen.headers.authorization)))).toBe(true);

      const guest = await get(path);
      const guestHtml = await guest.text();
      expect(guest.headers.get('X-Cache')).toMatch(/^(MISS|HIT)$/);
      expect(guest.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
      expect(guestHtml).not.toContain('4,321.50');
      expect(greeted(guestHtml)).toBeNull();
      expect((await get(path)).headers.get('X-Cache')).toBe('HIT');

      // The guest's copy never answers the customer: their group's does.
      const again = await get(path, { Cookie: cookie });
      expect(again.headers.get('X-Cache')).toBe('HIT');
      expect(again.headers.get('Cache-Control')).toMatch(/^private\b/);
      expect(await again.text()).toContain('4,321.50');
    } finally {
      shop.faults.reset();
    }
  });

  it('never hand a group\'s edge copy to a guest: the guest\'s first view of the page is a MISS of its own', async () => {
    const path = `/${product.urlKey}?group-copy-test=1`;
    shop.faults.transform(new RegExp(`^/api/rest/v2/products/${product.id}\\b`), (body) => ({ ...(body as object), price: 8765.5, specialPrice: null, finalPrice: 8765.5, minimalPrice: 8765.5 }));
    try {
      const cookie = await sessionCookie();
      for (const expected of ['MISS', 'HIT']) {
        const signedIn = await get(path, { Cookie: cookie });
        expect(signedIn.headers.get('X-Cache')).toBe(expected);
        expect(await signedIn.text()).toContain('8,765.50');
      }
    } finally {
      shop.faults.reset();
    }
    // Guests take the worker's early path (no session cookie): the guest key, never the group's.
    const guest = await get(path);
    expect(guest.headers.get('X-Cache')).toBe('MISS');
    const html = await guest.text();
    expect(html).not.toContain('8,765.50');
    expect(greeted(html)).toBeNull();
    const again = await get(path);
    expect(again.headers.get('X-Cache')).toBe('HIT');
    expect(await again.text()).not.toContain('8,765.50');
  });

  it('share the customer group\'s edge copy, each customer greeted by their own name', async () => {
    const path = `/${category.urlPath}?sort=name`;
    const sam = await get(path, { Cookie: await sessionCookie() });
    expect(sam.headers.get('X-Cache')).toBe('MISS');
    expect(greeted(await sam.text())).toBe('Sam');

    const other = { email: `ada-${Date.now()}@example.com`, password: 'Engine#1843', firstName: 'Ada <b>', lastName: 'Lovelace' };
    const created = await fetch(`${origin()}/api/customers`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(other) });
    expect(created.status, await created.clone().text()).toBe(201);
    const login = await fetch(`${origin()}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin() },
      body: JSON.stringify({ email: other.email, password: other.password }),
    });
    const adaCookie = login.headers.getSetCookie().find((value) => value.startsWith('shop_session='))!.split(';')[0]!;
    const ada = await get(path, { Cookie: adaCookie });
    expect(ada.headers.get('X-Cache')).toBe('HIT');
    const html = await ada.text();
    expect(greeted(html)).toBe('Ada &lt;b&gt;');
    expect(html).not.toContain('Sam');
  });

  it('fall back to the guest view, kept nowhere, when the backend fails', async () => {
    const cookie = await sessionCookie();
    shop.faults.failWhen(/^\/api\/rest\/v2\/products/, 500);
    try {
      const response = await get(`/${product.urlKey}?ref=outage`, { Cookie: cookie });
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.get('X-Cache')).toBe('BYPASS');
      expect(response.headers.get('Cache-Control')).toMatch(/^private\b/);
      expect(html).toContain(product.name);
      expect(greeted(html)).toBe('Sam');
    } finally {
      shop.faults.reset();
    }
    // The next view, with the backend back, is the customer's own and may be kept as the group's copy.
    expect((await get(`/${product.urlKey}?ref=outage`, { Cookie: cookie })).headers.get('X-Cache')).toBe('MISS');
  });

  it('list a category from the backend with the token', async () => {
    const cookie = await sessionCookie();
    shop.faults.seen.length = 0;
    const response = await get(`/${category.urlPath}`, { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toMatch(/^private\b/);
    const html = await response.text();
    const listed = await shop.kv.get<{ products: Array<{ name: string }> }>(`default:products:category:${category.id}:page:1`, 'json');
    for (const card of listed!.products.slice(0, 3)) expect(html).toContain(card.name.replaceAll('&', '&amp;'));
    expect(shop.faults.seen.some((seen) => seen.path.includes(`categoryId=${category.id}`) && String(seen.headers.authorization).startsWith('Bearer '))).toBe(true);
  });

  it('search with the token', async () => {
    const cookie = await sessionCookie();
    shop.faults.seen.length = 0;
    const response = await get(`/search?q=${encodeURIComponent(product.name.split(' ')[0]!)}`, { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toMatch(/^private\b/);
    expect(shop.faults.seen.some((seen) => seen.path.startsWith('/api/rest/v2/search') && String(seen.headers.authorization).startsWith('Bearer '))).toBe(true);
  });
});

describe('a cookie that is not ours', () => {
  it('is a guest, and is cleared', async () => {
    const cookie = await sessionCookie();
    const [name, value] = cookie.split('=') as [string, string];
    const [version, body, signature] = value.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as { groupId: number };
    const forgedBody = Buffer.from(JSON.stringify({ ...payload, groupId: payload.groupId + 1 })).toString('base64url');
    for (const tampered of [`${name}=${version}.${forgedBody}.${signature}`, `${name}=garbage`, `${name}=${value}x`]) {
      const response = await get(`/${product.urlKey}`, { Cookie: tampered });
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(greeted(html)).toBeNull();
      expect(response.headers.get('Cache-Control') ?? '').not.toMatch(/private/);
      expect(response.headers.getSetCookie()).toContain('shop_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    }
  });
});

describe('signing out', () => {
  it('through /api/auth/logout clears the cookie', async () => {
    const cookie = await sessionCookie();
    const response = await fetch(`${origin()}/api/auth/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin(), Cookie: cookie },
      body: JSON.stringify({ token: 'not-a-token' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toContain('shop_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  });

  it('on the /logout page clears the cookie and the page greets nobody', async () => {
    const cookie = await sessionCookie();
    const response = await get('/logout', { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual(['shop_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax']);
    expect(greeted(await response.text())).toBeNull();
  });
});

describe('a purge (DECISIONS.md 53)', () => {
  const purge = (urls: string[]) => shop.manage('/cache/purge', { urls });
  /** Requests a page until its copy is stored; answers the copy's Cache-Tag values. */
  async function stored(path: string, headers: Record<string, string> = {}): Promise<string[]> {
    let response = await get(path, headers);
    if (response.headers.get('X-Cache') !== 'HIT') {
      await response.body?.cancel();
      response = await get(path, headers);
    }
    await response.body?.cancel();
    expect(response.headers.get('X-Cache')).toBe('HIT');
    return (response.headers.get('Cache-Tag') ?? '').split(',');
  }
  const xCache = async (path: string, headers: Record<string, string> = {}) => {
    const response = await get(path, headers);
    await response.body?.cancel();
    return response.headers.get('X-Cache');
  };

  it("removes the guest's and every group's copy of the path here, and purges the tag they carry everywhere", async () => {
    const cookie = await sessionCookie();
    const path = `/${product.urlKey}`;
    const guestTags = await stored(path);
    const groupTags = await stored(path, { Cookie: cookie });
    const variantTags = await stored(`${path}?ref=newsletter`);
    const tag = await pathTag(path);
    expect(guestTags).toEqual([expect.stringMatching(/^v-/), 's-default', tag]);
    expect(groupTags).toEqual([...guestTags, expect.stringMatching(/^g-group-\d+$/)]);
    expect(variantTags).toContain(tag);

    cloudflare.calls.length = 0;
    const response = await purge([path]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, urls: 1, purged: 1, global: true });
    expect(await xCache(path)).toBe('MISS');
    expect(await xCache(path, { Cookie: cookie })).toBe('MISS');
    expect(await xCache(`${path}?ref=newsletter`)).toBe('MISS');
    expect(await xCache(path, { Cookie: cookie })).toBe('HIT');

    expect(cloudflare.calls).toHaveLength(1);
    expect(cloudflare.calls[0]).toMatchObject({ path: `/client/v4/zones/${ZONE}/purge_cache`, body: { tags: [tag] } });
    expect(cloudflare.calls[0]!.headers.authorization).toBe(`Bearer ${CF_TOKEN}`);
  });

  it('sends 30 tags a call and tries a rate-limited call again', async () => {
    cloudflare.calls.length = 0;
    cloudflare.answer((_call, index) => (index === 0 ? 429 : 200));
    const paths = Array.from({ length: 40 }, (_, i) => `/purge-batch-${i}`);
    try {
      const response = await purge(paths);
      expect(await response.json()).toMatchObject({ success: true, urls: 40, global: true });
    } finally {
      cloudflare.answer(() => 200);
    }
    expect(cloudflare.calls.map((call) => call.body.tags?.length)).toEqual([30, 30, 10]);
    expect(cloudflare.calls[1]!.body).toEqual(cloudflare.calls[0]!.body);
    const sent = new Set(cloudflare.calls.slice(1).flatMap((call) => call.body.tags));
    expect(sent).toEqual(new Set(await Promise.all(paths.map((path) => pathTag(path)))));
  });

  it('answers 502 when Cloudflare refuses, after purging this data centre', async () => {
    const path = `/${category.urlPath}`;
    await stored(path);
    cloudflare.calls.length = 0;
    cloudflare.answer(() => 403);
    try {
      const response = await purge([path]);
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ error: 'global_purge_failed', message: expect.stringContaining('HTTP 403') });
    } finally {
      cloudflare.answer(() => 200);
    }
    // A refusal is not retried (a 403 will not pass on a second try).
    expect(cloudflare.calls).toHaveLength(1);
    expect(await xCache(path)).toBe('MISS');
  });
});

/**
 * The preview password gate (DECISIONS.md 15) of a storefront started with PREVIEW_PASSWORD, over
 * real HTTP: the redirect to the login form, the exempt paths of SPEC.md Authentication 6 and
 * DECISIONS.md 15, the signed cookie, and that the edge cache only serves those who passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from './support/shop.ts';

const PASSWORD = 'preview correct horse battery';
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ vars: { PREVIEW_PASSWORD: PASSWORD } });
  expect((await shop.manage('/sync')).status).toBe(200);
});
afterAll(async () => {
  await shop?.stop();
});

const request = (path: string, init: RequestInit = {}) => fetch(`${shop.storefront.url}${path}`, { redirect: 'manual', ...init });

async function signIn(password: string, next = '/'): Promise<Response> {
  return request('/preview-login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password, next }).toString(),
  });
}

/** The `name=value` part of the gate's Set-Cookie, ready for a Cookie header. */
async function accessCookie(): Promise<string> {
  const response = await signIn(PASSWORD);
  return (response.headers.get('Set-Cookie') ?? '').split(';')[0];
}

describe('preview password gate', () => {
  it('sends page requests to the login form, remembering where they were going', async () => {
    const home = await request('/');
    expect(home.status).toBe(302);
    expect(home.headers.get('Location')).toBe('/preview-login?next=%2F');
    const listing = await request('/gear?page=2');
    expect(new URL(listing.headers.get('Location')!, shop.storefront.url).searchParams.get('next')).toBe('/gear?page=2');
    const post = await request('/gear', { method: 'POST' });
    expect(post.status).toBe(401);
    expect(await post.json()).toMatchObject({ error: 'preview_locked' });
  });

  it.each(['/robots.txt', '/llms.txt', '/sitemap.xml', '/mcp', '/.well-known/api-catalog', '/api/stores', '/pulse', '/freshness.js', '/embed.js'])(
    'lets %s through without the cookie',
    async (path) => {
      const response = await request(path);
      await response.body?.cancel();
      expect(response.status).not.toBe(302);
      expect(response.status).not.toBe(401);
    },
  );

  it('lets management endpoints through to their own secret check', async () => {
    const sync = await request('/sync', { method: 'POST' });
    expect(sync.status).toBe(401);
    expect(await sync.json()).toMatchObject({ error: 'unauthorized' });
    expect((await shop.manage('/cache/purge', { urls: ['/'] })).status).toBe(200);
  });

  it('serves a login form without inline script, never cached', async () => {
    const form = await request('/preview-login?next=/gear');
    expect(form.status).toBe(200);
    expect(form.headers.get('Cache-Control')).toBe('no-store');
    expect(form.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    const html = await form.text();
    expect(html).toContain('name="password"');
    expect(html).toContain('value="/gear"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('refuses a wrong password without a cookie', async () => {
    const wrong = await signIn('not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.has('Set-Cookie')).toBe(false);
    expect(await wrong.text()).toContain('not right');
  });

  it('sets a signed HttpOnly SameSite=Lax cookie and goes back to a local page only', async () => {
    const response = await signIn(PASSWORD, '/gear?page=2');
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/gear?page=2');
    const cookie = response.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^preview_access=\d+\.[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/);
    expect((await signIn(PASSWORD, 'https://evil.example/')).headers.get('Location')).toBe('/');
    expect((await signIn(PASSWORD, '//evil.example/')).headers.get('Location')).toBe('/');
  });

  it('opens the shop with the cookie, and the edge cache never serves those without it', async () => {
    const cookie = await accessCookie();
    const first = await request('/', { headers: { Cookie: cookie } });
    expect(first.status).toBe(200);
    await first.body?.cancel();
    const second = await request('/', { headers: { Cookie: cookie } });
    expect(second.headers.get('X-Cache')).toBe('HIT');
    await second.body?.cancel();
    expect((await request('/')).status).toBe(302);
  });

  it('refuses a tampered or foreign cookie', async () => {
    const cookie = await accessCookie();
    const [name, value] = cookie.split('=');
    const [expires, signature] = value.split('.');
    for (const forged of [`${name}=${Number(expires) + 86_400}.${signature}`, `${name}=${expires}.${'A'.repeat(43)}`, `${name}=1`]) {
      expect((await request('/', { headers: { Cookie: forged } })).status).toBe(302);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { SignedInCustomer } from '../backend-client.ts';
import { isOwnOrigin, withSessionFromAuthAnswer, type AuthAnswerOptions } from './auth-answer-cookie.ts';
import { openSession } from './session-token.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const NOW = Date.UTC(2026, 10, 23, 12);
const url = new URL('https://shop.example/api/auth/login');
const post = (headers: Record<string, string>, target: URL = url) => new Request(target, { method: 'POST', headers });
const fromShop = (target: URL = url) => post({ Origin: 'https://shop.example' }, target);
const tokenAnswer = (body: unknown = { access_token: 'jwt', token_type: 'Bearer', expires_in: 3600, scope: 'customer' }, status = 200) =>
  Response.json(body, { status });

function options(customer: SignedInCustomer | null = { firstName: 'Bea', groupId: 2, country: 'US', viewKey: null }): AuthAnswerOptions & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    secret: SECRET,
    store: 'default',
    now: NOW,
    client: {
      signedInCustomer: async (store, token) => {
        asked.push(`${store} ${token}`);
        return customer;
      },
    },
  };
}

const sessionCookieOf = (response: Response) => response.headers.getSetCookie().find((value) => value.startsWith('shop_session='));

describe('isOwnOrigin', () => {
  it('believes the Origin header when there is one', () => {
    expect(isOwnOrigin(post({ Origin: 'https://shop.example' }), url)).toBe(true);
    expect(isOwnOrigin(post({ Origin: 'https://evil.example' }), url)).toBe(false);
    expect(isOwnOrigin(post({ Origin: 'http://shop.example' }), url)).toBe(false);
    expect(isOwnOrigin(post({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' }), url)).toBe(false);
  });

  it('falls back to Sec-Fetch-Site, and calls without either (API clients) are not the shop', () => {
    expect(isOwnOrigin(post({ 'Sec-Fetch-Site': 'same-origin' }), url)).toBe(true);
    expect(isOwnOrigin(post({ 'Sec-Fetch-Site': 'cross-site' }), url)).toBe(false);
    expect(isOwnOrigin(post({}), url)).toBe(false);
  });
});

describe('withSessionFromAuthAnswer', () => {
  it('sets a cookie carrying the token, the group and country the backend confirms and the token\'s lifetime', async () => {
    const step = options();
    const response = await withSessionFromAuthAnswer(fromShop(), url, tokenAnswer(), step);
    expect(step.asked).toEqual(['default jwt']);
    const cookie = sessionCookieOf(response)!;
    expect(cookie).toMatch(/; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    const value = /^shop_session=([^;]+)/.exec(cookie)![1]!;
    expect(await openSession(SECRET, value, NOW)).toEqual({ token: 'jwt', groupId: 2, country: 'US', viewKey: null, firstName: 'Bea', expiresAt: NOW + 3_600_000, checkedAt: NOW });
    // The answer itself is untouched for the browser's script.
    expect(await response.json()).toMatchObject({ access_token: 'jwt' });
  });

  it('sets none for another site, an API client, a refusal, a non-customer token or a token the backend does not know', async () => {
    const cases: Array<[Request, Response, AuthAnswerOptions]> = [
      [post({ Origin: 'https://evil.example' }), tokenAnswer(), options()],
      [post({}), tokenAnswer(), options()],
      [fromShop(), tokenAnswer({ error: 'invalid_grant' }, 400), options()],
      [fromShop(), tokenAnswer({ access_token: 'jwt', token_type: 'Bearer', expires_in: 3600, scope: 'admin' }), options()],
      [fromShop(), new Response('not json', { status: 200 }), options()],
      [fromShop(), tokenAnswer(), options(null)],
    ];
    for (const [request, answer, step] of cases) expect(sessionCookieOf(await withSessionFromAuthAnswer(request, url, answer, step))).toBeUndefined();
  });

  it('fails closed without a usable SESSION_SECRET: no cookie, no backend call', async () => {
    for (const secret of [undefined, 'too-short']) {
      const step = { ...options(), secret };
      expect(sessionCookieOf(await withSessionFromAuthAnswer(fromShop(), url, tokenAnswer(), step))).toBeUndefined();
      expect(step.asked).toEqual([]);
    }
  });

  it('leaves other paths and methods alone', async () => {
    const cart = new URL('https://shop.example/api/cart');
    expect(sessionCookieOf(await withSessionFromAuthAnswer(fromShop(cart), cart, tokenAnswer(), options()))).toBeUndefined();
    const get = new Request(url, { headers: { Origin: 'https://shop.example' } });
    expect(sessionCookieOf(await withSessionFromAuthAnswer(get, url, tokenAnswer(), options()))).toBeUndefined();
  });

  it('clears the cookie on sign-out, whatever the backend answered', async () => {
    const logout = new URL('https://shop.example/api/auth/logout');
    for (const answer of [Response.json({}, { status: 200 }), Response.json({ error: 'invalid_request' }, { status: 400 })]) {
      const response = await withSessionFromAuthAnswer(post({}, logout), logout, answer, options());
      expect(sessionCookieOf(response)).toBe('shop_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { bypassReason, hasSessionCookie, isStorable } from './cache-policy.ts';

const check = (path: string, init: RequestInit = {}) => {
  const url = new URL(path, 'https://shop.example');
  return bypassReason(new Request(url, init), url);
};

describe('bypassReason', () => {
  it('lets a guest GET of a catalog page use the cache', () => {
    expect(check('/women/tops?page=2')).toBeNull();
    expect(check('/cartography-book', { headers: { Cookie: '_ga=GA1.1; theme=dark' } })).toBeNull();
  });

  it.each([
    ['/women', { method: 'POST' }, 'method'],
    ['/cart', {}, 'path'],
    ['/checkout/shipping', {}, 'path'],
    ['/account', {}, 'path'],
    ['/account/link-orders', {}, 'path'],
    ['/orders/lookup', {}, 'path'],
    ['/embed/products?skus=A', {}, 'path'],
    ['/api/cart', {}, 'path'],
    ['/sync', {}, 'path'],
    ['/cache/purge', {}, 'path'],
    ['/freshness', {}, 'path'],
    ['/admin', {}, 'path'],
    ['/women', { headers: { Authorization: 'Bearer t' } }, 'authorization'],
    ['/women', { headers: { Cookie: 'PHPSESSID=1' } }, 'session-cookie'],
    ['/women', { headers: { Cookie: 'a=1; customer_token=x' } }, 'session-cookie'],
    ['/women.md', {}, 'markdown'],
    ['/women', { headers: { Accept: 'text/markdown' } }, 'markdown'],
  ] as const)('bypasses %s %j (%s)', (path, init, reason) => {
    expect(check(path, init)).toBe(reason);
  });

  it('recognises session cookies by name only', () => {
    expect(hasSessionCookie('sid=1')).toBe(true);
    expect(hasSessionCookie('consent=session')).toBe(false);
    expect(hasSessionCookie(null)).toBe(false);
  });

  it('lets the storefront\'s own session cookie through (keyed by group), but no other session cookie', () => {
    const request = (cookie: string) => new Request('https://shop.example/women', { headers: { Cookie: cookie } });
    const url = new URL('https://shop.example/women');
    expect(bypassReason(request('shop_session=v1.a.b'), url, 'shop_session')).toBeNull();
    expect(bypassReason(request('shop_session=v1.a.b'), url)).toBe('session-cookie');
    expect(bypassReason(request('shop_session=v1.a.b; PHPSESSID=1'), url, 'shop_session')).toBe('session-cookie');
    expect(bypassReason(request('xshop_session=1'), url, 'shop_session')).toBe('session-cookie');
  });
});

describe('isStorable', () => {
  const html = (init: ResponseInit = {}) =>
    new Response('<p>x</p>', { status: 200, ...init, headers: { 'Content-Type': 'text/html; charset=utf-8', ...init.headers } });

  it('stores a plain 200 HTML page, and other documents their route declares public', () => {
    expect(isStorable(html())).toBe(true);
    const text = new Response('# Shop', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'public, max-age=3600' } });
    expect(isStorable(text)).toBe(true);
  });

  it.each([
    ['a 404', html({ status: 404 })],
    ['JSON', new Response('{}', { headers: { 'Content-Type': 'application/json' } })],
    ['public JSON without a lifetime', new Response('{}', { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public' } })],
    ['a cookie', html({ headers: { 'Set-Cookie': 'a=1' } })],
    ['private', html({ headers: { 'Cache-Control': 'private, max-age=60' } })],
    ['no-store', html({ headers: { 'Cache-Control': 'no-store' } })],
    ['Vary: *', html({ headers: { Vary: '*' } })],
  ])('never stores %s', (_name, response) => {
    expect(isStorable(response)).toBe(false);
  });
});

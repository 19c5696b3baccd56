import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, SESSION_COOKIE, sessionCookie, sessionCookieValue } from './session-cookie.ts';

const NOW = Date.UTC(2026, 10, 23, 12);

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, site-wide and lives as long as the token', () => {
    expect(sessionCookie('v1.a.b', NOW + 3_600_000, false, NOW)).toBe(`${SESSION_COOKIE}=v1.a.b; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax`);
  });

  it('is Secure on HTTPS', () => {
    expect(sessionCookie('v1.a.b', NOW + 1000, true, NOW)).toMatch(/; Secure$/);
    expect(clearedSessionCookie(true)).toBe(`${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure`);
  });

  it('is read from the Cookie header by its exact name', () => {
    const request = (cookie: string) => new Request('https://shop.example/', { headers: { Cookie: cookie } });
    expect(sessionCookieValue(request(`a=1; ${SESSION_COOKIE}=v1.x.y; b=2`))).toBe('v1.x.y');
    expect(sessionCookieValue(request(`x${SESSION_COOKIE}=v1.x.y`))).toBeNull();
    expect(sessionCookieValue(new Request('https://shop.example/'))).toBeNull();
  });
});

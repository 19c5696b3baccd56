import { describe, expect, it } from 'vitest';
import { isOwnOrigin } from './auth-answer-cookie.ts';

const url = new URL('https://shop.example/api/auth/login');
const post = (headers: Record<string, string>) => new Request(url, { method: 'POST', headers });

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

import { describe, expect, it } from 'vitest';
import { clearedFormFlashCookie, formFlashCookie, readFormFlash, type FormFlash } from './flash.ts';

const secret = 'a-flash-secret-that-is-long-enough-to-use';
const flash: FormFlash = { code: 'contact', ok: false, message: 'Check the fields.', errors: { email: 'Enter an email address.' }, values: { name: 'Ada', email: 'nope' } };

function requestWith(setCookie: string): Request {
  return new Request('https://shop.test/customer-service', { headers: { Cookie: setCookie.split(';')[0]! } });
}

describe('form flash', () => {
  it('comes back from its cookie, scoped to the page, short-lived and HttpOnly', async () => {
    const cookie = await formFlashCookie(secret, flash, '/customer-service', true);
    expect(cookie).toMatch(/; Path=\/customer-service; Max-Age=60; HttpOnly; SameSite=Lax; Secure$/);
    expect(await readFormFlash(requestWith(cookie), secret)).toEqual(flash);
  });

  it('is null when altered, sealed under another secret or absent', async () => {
    const cookie = await formFlashCookie(secret, flash, '/', false);
    const [name, value] = cookie.split(';')[0]!.split('=');
    const altered = `${name}=${value!.slice(0, 10)}x${value!.slice(11)}`;
    expect(await readFormFlash(requestWith(altered), secret)).toBeNull();
    expect(await readFormFlash(requestWith(cookie), 'another-secret-that-is-long-enough-too')).toBeNull();
    expect(await readFormFlash(new Request('https://shop.test/'), secret)).toBeNull();
    expect(await readFormFlash(requestWith(cookie), undefined)).toBeNull();
  });

  it('drops what was typed rather than outgrow a cookie', async () => {
    const long = { ...flash, values: { message: 'x'.repeat(5000) } };
    const cookie = await formFlashCookie(secret, long, '/', false);
    expect(cookie.length).toBeLessThan(4096);
    expect((await readFormFlash(requestWith(cookie), secret))?.values).toEqual({});
  });

  it('is cleared with an expired cookie on the same path', () => {
    expect(clearedFormFlashCookie('/customer-service', false)).toBe('shop_form_flash=; Path=/customer-service; Max-Age=0; HttpOnly; SameSite=Lax');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client.ts';
import { cartToken, customerTokens, saveCustomerTokens } from './session.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answers: Response[];

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('window', { localStorage: memoryStorage(), dispatchEvent: () => true });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    return next ? Promise.resolve(next) : Promise.reject(new TypeError('offline'));
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const sentHeaders = (index: number) => new Headers(calls[index]?.init.headers);

describe('api client', () => {
  it('keeps the guest cart token the backend issues and sends it back', async () => {
    answers.push(json(200, { items: [] }, { 'X-Cart-Token': 'guest-1' }), json(200, { items: [] }));
    await api('/cart');
    await api('/cart');
    expect(cartToken()).toBe('guest-1');
    expect(calls[0]?.url).toBe('/api/cart');
    expect(sentHeaders(1).get('X-Cart-Token')).toBe('guest-1');
  });

  it('sends the customer token instead of the cart token', async () => {
    saveCustomerTokens({ accessToken: 'jwt', refreshToken: 'r', expiresAt: Date.now() + 60_000 });
    answers.push(json(200, {}));
    await api('/customers/me');
    expect(sentHeaders(0).get('Authorization')).toBe('Bearer jwt');
    expect(sentHeaders(0).has('X-Cart-Token')).toBe(false);
  });

  it('renews once with the refresh token after a 401, and signs out when that fails', async () => {
    saveCustomerTokens({ accessToken: 'old', refreshToken: 'r1', expiresAt: Date.now() + 60_000 });
    answers.push(json(401, { error: 'invalid_token', message: 'expired' }), json(200, { access_token: 'new', expires_in: 900, refresh_token: 'r2' }), json(200, { ok: true }));
    expect(await api('/customers/me')).toEqual({ ok: true });
    expect(new URLSearchParams(String(calls[1]?.init.body)).get('refresh_token')).toBe('r1');
    expect(sentHeaders(2).get('Authorization')).toBe('Bearer new');
    expect(customerTokens()?.refreshToken).toBe('r2');

    answers.push(json(401, {}), json(400, { error: 'invalid_grant' }), json(401, { error: 'unauthorized', message: 'Sign in first.' }));
    await expect(api('/customers/me')).rejects.toMatchObject({ status: 401, message: 'Sign in first.' });
    expect(customerTokens()).toBeNull();
  });

  it('sends the idempotency key and reports backend and network failures as messages', async () => {
    answers.push(json(409, { error: 'out_of_stock', message: 'Only 1 left.' }));
    const conflict = api('/checkout/place-order', { method: 'POST', body: {}, idempotencyKey: 'k-1' });
    await expect(conflict).rejects.toBeInstanceOf(ApiError);
    await expect(conflict).rejects.toMatchObject({ code: 'out_of_stock', message: 'Only 1 left.' });
    expect(sentHeaders(0).get('Idempotency-Key')).toBe('k-1');
    await expect(api('/cart')).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it("keeps the backend's message per field so a form can show it by the field", async () => {
    const details = [
      { location: 'json', field: 'email', message: 'Already registered.' },
      { location: 'json', field: 'email', message: 'A second complaint.' },
      { location: 'json', field: 'newPassword', message: 'At least 8 characters.' },
      { location: 'json', message: 'no field' },
      'not an object',
    ];
    answers.push(json(409, { error: 'email_taken', message: 'An account with this email already exists.', details }), json(400, { error: 'x', details: 'text' }));
    await expect(api('/customers/me', { method: 'PUT', body: {} })).rejects.toMatchObject({
      message: 'An account with this email already exists.',
      fields: { email: 'Already registered.', newPassword: 'At least 8 characters.' },
    });
    await expect(api('/customers/me')).rejects.toMatchObject({ fields: {} });
  });
});

/**
 * The visitor's IP through the real storefront in workerd (DECISIONS.md 41): the `/api/*` proxy signs
 * CF-Connecting-IP into X-Client-IP, and the backend's sign-in throttle keys on it, although every
 * request reaches the backend from the same hop. Locally workerd keeps a CF-Connecting-IP the client
 * sends (Cloudflare's edge would overwrite it), which lets this test play several visitors.
 * LOGIN_MAX_FAILURES=1 makes the per-IP limit four failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeenRequest } from './support/fault-proxy.ts';
import { startShop, type TestShop } from './support/shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ backendEnv: { LOGIN_MAX_FAILURES: '1' } });
});
afterAll(async () => {
  await shop?.stop();
});

let guess = 0;
const throughStorefront = () => `${shop.storefront.url}/api/auth/login`;
const direct = () => `${shop.backend.url}/api/rest/v2/auth/login`;

/** A failed sign-in for a fresh email (so only the IP's count decides) at `url`. */
async function failedLogin(url: string, headers: Record<string, string>): Promise<{ status: number; error?: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email: `guess-${++guess}@example.com`, password: 'wrong-password' }),
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status, error: body.error };
}

describe("the visitor's IP, signed by the storefront", () => {
  it('reaches the backend signed, and the sign-in throttle counts each visitor on its own', async () => {
    shop.faults.seen.length = 0;
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(await failedLogin(throughStorefront(), { 'CF-Connecting-IP': '198.51.100.7' })).toEqual({ status: 401, error: 'invalid_credentials' });
    }
    const seen: SeenRequest[] = [...shop.faults.seen];
    expect(seen).toHaveLength(4);
    for (const request of seen) {
      expect(request.headers['x-client-ip']).toBe('198.51.100.7');
      expect(request.headers['x-storefront-timestamp']).toMatch(/^\d+$/);
      expect(request.headers['x-storefront-signature']).toMatch(/^[0-9a-f]{64}$/);
      expect(request.headers['x-forwarded-for']).toBeUndefined();
    }
    expect(await failedLogin(throughStorefront(), { 'CF-Connecting-IP': '198.51.100.7' })).toEqual({ status: 429, error: 'too_many_attempts' });
    // Another visitor of the same storefront (the same socket address at the backend) is not locked.
    expect(await failedLogin(throughStorefront(), { 'CF-Connecting-IP': '198.51.100.8' })).toEqual({ status: 401, error: 'invalid_credentials' });
  });

  it("drops a client's own X-Client-IP and signature at the storefront", async () => {
    shop.faults.seen.length = 0;
    await failedLogin(throughStorefront(), { 'X-Client-IP': '198.51.100.7', 'X-Storefront-Signature': 'f'.repeat(64), 'X-Forwarded-For': '198.51.100.7' });
    const [request] = shop.faults.seen;
    expect(request?.headers['x-client-ip']).not.toBe('198.51.100.7');
    expect(request?.headers['x-storefront-signature']).not.toBe('f'.repeat(64));
  });

  it("marks the storefront's own calls (its sync) as such, and a visitor's request through the proxy never (DECISIONS.md 51)", async () => {
    shop.faults.seen.length = 0;
    expect((await shop.manage('/sync/cms-pages')).status).toBe(200);
    const own = shop.faults.seen.filter((request) => request.path.startsWith('/api/rest/v2/cms-pages'));
    expect(own.length).toBeGreaterThan(0);
    for (const request of own) expect(request.headers['x-storefront-call']).toMatch(/^\d+\.[0-9a-f]{64}$/);
    shop.faults.seen.length = 0;
    await fetch(`${shop.storefront.url}/api/cms-pages?identifier=about-us`, { headers: { 'X-Storefront-Call': own[0]!.headers['x-storefront-call'] as string } });
    const [visitor] = shop.faults.seen;
    expect(visitor?.headers['x-client-ip']).toBeDefined();
    expect(visitor?.headers['x-storefront-call']).toBeUndefined();
  });

  it('ignores a forged X-Client-IP sent to the backend directly', async () => {
    const forged = { 'X-Client-IP': '198.51.100.7', 'X-Storefront-Timestamp': String(Math.floor(Date.now() / 1000)), 'X-Storefront-Signature': 'a'.repeat(64) };
    // 198.51.100.7 is locked; the forged request counts under its socket address instead.
    expect(await failedLogin(direct(), forged)).toEqual({ status: 401, error: 'invalid_credentials' });
    expect(await failedLogin(direct(), { 'X-Forwarded-For': '198.51.100.7' })).toEqual({ status: 401, error: 'invalid_credentials' });
  });
});

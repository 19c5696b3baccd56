/**
 * The visitor's IP (DECISIONS.md 41) over HTTP: the storefront's signed X-Client-IP is what the
 * sign-in throttles key on; a forged, unsigned, stale or X-Forwarded-For address is ignored and the
 * socket address (in process: "local") counts instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminUser } from '../admin/ensure-admin.ts';
import { signClientIp } from './client-ip.ts';
import { testAdmin } from '../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, testAuth, type TestShop } from '../../../test/helpers/test-shop.ts';

const proxySecret = 'proxy-secret-for-tests-0123456789abcdef';

/** The headers the storefront's proxy adds for a visitor at `ip`. */
function signedBy(ip: string, secret = proxySecret, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  return { 'x-client-ip': ip, 'x-storefront-timestamp': String(timestamp), 'x-storefront-signature': signClientIp(secret, ip, timestamp) };
}

describe.each(dialects)('client IP from the storefront (%s)', (dialect) => {
  let shop: TestShop;
  // One failure locks an email, four an IP: the IP limit is reached quickly.
  beforeAll(async () => {
    shop = await openTestShop(dialect, { auth: { ...testAuth, maxFailedLogins: 1 }, storefrontProxySecret: proxySecret });
    await ensureAdminUser(shop.database.db, testAdmin);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  let guess = 0;
  /** A failed sign-in for a fresh email, so only the IP's count decides. */
  const failedLogin = (headers: Record<string, string>) =>
    shop.send('POST', '/api/rest/v2/auth/login', { json: { email: `guess-${++guess}@example.com`, password: 'wrong-password' }, headers });

  it("keys the sign-in throttle on the signed visitor's IP, not on the storefront's address", async () => {
    for (let attempt = 0; attempt < 4; attempt++) expect((await failedLogin(signedBy('203.0.113.10'))).status).toBe(401);
    const locked = await failedLogin(signedBy('203.0.113.10'));
    expect([locked.status, locked.body.error]).toEqual([429, 'too_many_attempts']);
    // Other visitors through the same storefront are not locked.
    expect((await failedLogin(signedBy('203.0.113.11'))).status).toBe(401);
    expect((await failedLogin(signedBy('2001:db8::11'))).status).toBe(401);
  });

  it('ignores a forged, unsigned, stale or foreign-signed X-Client-IP, and X-Forwarded-For', async () => {
    const stale = signedBy('203.0.113.10', proxySecret, Math.floor(Date.now() / 1000) - 61);
    const attempts: Record<string, string>[] = [
      { 'x-client-ip': '203.0.113.10' },
      { ...signedBy('203.0.113.10'), 'x-storefront-signature': 'a'.repeat(64) },
      { ...signedBy('198.51.100.1'), 'x-client-ip': '203.0.113.10' },
      signedBy('203.0.113.10', 'another-secret-another-secret-0123456789'),
      stale,
      { 'x-forwarded-for': '203.0.113.10' },
    ];
    // 203.0.113.10 is locked; each of these counts under the socket address instead (not yet locked).
    for (const headers of attempts.slice(0, 3)) expect((await failedLogin(headers)).status).toBe(401);
    // The socket address has three failures on record now: the fourth locks it, whatever the headers claim.
    expect((await failedLogin(attempts[3]!)).status).toBe(401);
    for (const headers of attempts.slice(4)) expect((await failedLogin(headers)).body.error).toBe('too_many_attempts');
    // The signed visitor of the first test is still served on its own count.
    expect((await failedLogin(signedBy('203.0.113.12'))).status).toBe(401);
  });

  it("keys the admin sign-in on the visitor's IP too, with counters apart from the customers'", async () => {
    const adminGrant = (username: string, headers: Record<string, string>) =>
      shop.send('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'password', username, password: 'wrong-password', scope: 'admin' }, headers });
    for (let attempt = 0; attempt < 4; attempt++) expect((await adminGrant(`nobody-${attempt}@example.com`, signedBy('198.51.100.20'))).status).toBe(400);
    expect((await adminGrant('nobody-else@example.com', signedBy('198.51.100.20'))).status).toBe(429);
    expect((await adminGrant('nobody-else@example.com', signedBy('198.51.100.21'))).status).toBe(400);
    // 203.0.113.10 is locked for customers only.
    expect((await adminGrant('another@example.com', signedBy('203.0.113.10'))).status).toBe(400);
  });
});

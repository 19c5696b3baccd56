/**
 * The current-password check of an email or password change under a burst of guesses (issue 31): a
 * stolen access token must not buy unlimited guesses at the password. Over HTTP, as the sign-in burst
 * test (login-throttle.test.ts) does for sign-in.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signClientIp } from '../http/client-ip.ts';
import { dialects, openTestShop, testAuth, type TestShop } from '../../../test/helpers/test-shop.ts';

const proxySecret = 'proxy-secret-for-tests-0123456789abcdef';

/** The headers the storefront's proxy adds for a visitor at `ip`. */
function from(ip: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return { 'x-client-ip': ip, 'x-storefront-timestamp': String(timestamp), 'x-storefront-signature': signClientIp(proxySecret, ip, timestamp) };
}

describe.each(dialects)('the current-password check under a burst of guesses, over HTTP (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { storefrontProxySecret: proxySecret });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  /** A new account, signed in from its owner's address: the holder of its access token. */
  async function signedInAccount() {
    const account = { email: `victim-${randomBytes(4).toString('hex')}@example.com`, password: 'Victim#2026', firstName: 'Ada', lastName: 'Victim' };
    expect((await shop.send('POST', '/api/rest/v2/customers', { json: account, headers: from('198.51.100.40') })).status).toBe(201);
    const tokens = await shop.send<{ access_token: string }>('POST', '/api/rest/v2/auth/login', { json: { email: account.email, password: account.password }, headers: from('198.51.100.40') });
    expect(tokens.status).toBe(200);
    return { account, authorization: `Bearer ${tokens.body.access_token}` };
  }

  /** Of a burst's answers, how many reached the password check (answered `wrongStatus`), after checking the rest are 429s. */
  function checkedOf(burst: { status: number; body: unknown }[], wrongStatus: number): number {
    const checked = burst.filter((answer) => answer.status === wrongStatus).length;
    const refused = burst.filter((answer) => answer.status === 429);
    expect(checked + refused.length, JSON.stringify(burst.map((answer) => answer.status))).toBe(burst.length);
    for (const answer of refused) expect(answer.body).toMatchObject({ error: 'too_many_attempts', message: expect.any(String) });
    return checked;
  }

  it('lets no more than the free attempts of 60 parallel wrong guesses at a password change reach the check, then the owner changes it from home', async () => {
    const { account, authorization } = await signedInAccount();
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        shop.send('PUT', '/api/rest/v2/customers/me/password', { json: { currentPassword: `wrong-${i}`, newPassword: 'Stolen#2027!' }, headers: { authorization, ...from('203.0.113.91') } }),
      ),
    );
    // The pair's free attempts reach the check (one more if the burst outlasts the first 1-second wait).
    const checked = checkedOf(burst, 400);
    expect(checked).toBeGreaterThanOrEqual(testAuth.maxFailedLogins);
    expect(checked).toBeLessThanOrEqual(testAuth.maxFailedLogins + 1);
    // Once the pair's first wait (a second or two) ends, the next guess to reach the check claims the long
    // one (its count is past 60). On a loaded machine the burst may end inside the first wait: guess on
    // until one reaches the check, so the right password below meets a wait whatever the timing.
    if (checked === testAuth.maxFailedLogins) {
      const guess = { json: { currentPassword: 'wrong-after', newPassword: 'Stolen#2027!' }, headers: { authorization, ...from('203.0.113.91') } };
      await expect.poll(async () => (await shop.send('PUT', '/api/rest/v2/customers/me/password', guess)).status, { timeout: 10_000, interval: 250 }).toBe(400);
    }
    // The right password from that address is refused too while it waits…
    const right = { json: { currentPassword: account.password, newPassword: 'Owner#2027!' }, headers: { authorization, ...from('203.0.113.91') } };
    expect((await shop.send('PUT', '/api/rest/v2/customers/me/password', right)).status).toBe(429);
    // …while the owner, from their own address, is not kept out.
    expect((await shop.send('PUT', '/api/rest/v2/customers/me/password', { ...right, headers: { authorization, ...from('198.51.100.40') } })).status).toBe(200);
  }, 120_000);

  it('holds parallel wrong guesses at an email change to the same limit, shared with sign-in guesses from that address', async () => {
    const { account, authorization } = await signedInAccount();
    // Two wrong sign-ins from the guessing address count toward the same limit as the guesses below.
    for (const password of ['wrong-a', 'wrong-b']) {
      expect((await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: account.email, password }, headers: from('203.0.113.92') })).status).toBe(401);
    }
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        shop.send('PUT', '/api/rest/v2/customers/me', { json: { email: `thief-${i}@example.com`, currentPassword: `wrong-${i}` }, headers: { authorization, ...from('203.0.113.92') } }),
      ),
    );
    const checked = checkedOf(burst, 403);
    expect(checked).toBeGreaterThanOrEqual(testAuth.maxFailedLogins - 2);
    expect(checked).toBeLessThanOrEqual(testAuth.maxFailedLogins - 1);
    // The account's email is unchanged.
    expect((await shop.send<{ email: string }>('GET', '/api/rest/v2/customers/me', { headers: { authorization } })).body.email).toBe(account.email);
  }, 120_000);

  it('documents the 429 of both routes', async () => {
    const document = (await shop.get('/api/rest/v2/docs.json')).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(document.paths['/api/rest/v2/customers/me/password']?.put?.responses ?? {})).toContain('429');
    expect(Object.keys(document.paths['/api/rest/v2/customers/me']?.put?.responses ?? {})).toContain('429');
  });
});

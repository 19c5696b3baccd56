import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminUser } from '../admin/ensure-admin.ts';
import { createApiClient } from './api-clients.ts';
import { customers } from '../db/schema/index.ts';
import { testAdmin } from '../../../test/helpers/admin-session.ts';
import { shopper } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, testAuth, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Tokens {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
  /** Present instead of the tokens when the request failed. */
  error?: string;
}

describe.each(dialects)('auth token endpoint (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const passwordGrant = (username: string, password: string, headers: Record<string, string> = {}) =>
    shop.send<Tokens>('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'password', username, password }, headers: { 'x-forwarded-for': username, ...headers } });

  it('issues HS256 tokens with iss, aud, sub, exp, iat and jti for the password grant (form-encoded)', async () => {
    const { status, body, headers } = await passwordGrant(shopper.email, shopper.password);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'customer' });
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'HS256', typ: 'at+jwt' });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ iss: testAuth.issuer, aud: testAuth.audience, sub: expect.stringMatching(/^customer:\d+$/) });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.jti).toEqual(expect.any(String));
    expect(decodeJwt(body.refresh_token!).exp! - decodeJwt(body.refresh_token!).iat!).toBe(30 * 24 * 3600);
  });

  it('accepts JSON too, and the login convenience route', async () => {
    const json = await shop.send<Tokens>('POST', '/api/rest/v2/auth/token', { json: { grant_type: 'password', username: shopper.email, password: shopper.password } });
    expect(json.status).toBe(200);
    const login = await shop.send<Tokens>('POST', '/api/rest/v2/auth/login', { json: shopper });
    expect(login.status).toBe(200);
    expect(login.body.refresh_token).toBeTruthy();
  });

  it('answers RFC 6749 errors', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, 'invalid_request'],
      [{ grant_type: 'authorization_code', code: 'x' }, 400, 'unsupported_grant_type'],
      [{ grant_type: 'password', username: shopper.email }, 400, 'invalid_request'],
      [{ grant_type: 'password', username: 'nobody@example.com', password: 'x' }, 400, 'invalid_grant'],
      [{ grant_type: 'password', username: shopper.email, password: shopper.password, scope: 'api_user' }, 400, 'invalid_scope'],
      [{ grant_type: 'refresh_token', refresh_token: 'not-a-jwt' }, 400, 'invalid_grant'],
      [{ grant_type: 'client_credentials' }, 401, 'invalid_client'],
      [{ grant_type: 'client_credentials', client_id: 'nope', client_secret: 'nope' }, 401, 'invalid_client'],
    ];
    for (const [form, status, error] of cases) {
      const response = await shop.send('POST', '/api/rest/v2/auth/token', { form, headers: { 'x-forwarded-for': 'errors' } });
      expect([response.status, response.body.error], JSON.stringify(form)).toEqual([status, error]);
      expect(response.body.error_description).toBe(response.body.message);
    }
    const wrongType = await shop.send('POST', '/api/rest/v2/auth/token', { headers: { 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
    const login = await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: 'not-an-email', password: '' } });
    expect([login.status, login.body.error]).toEqual([400, 'invalid_request']);
  });

  it('rotates refresh tokens and revokes the family when a used one comes back', async () => {
    const first = (await passwordGrant(shopper.email, shopper.password)).body;
    const refresh = (token: string) => shop.send<Tokens>('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'refresh_token', refresh_token: token } });
    const second = await refresh(first.refresh_token!);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    const reuse = await refresh(first.refresh_token!);
    expect([reuse.status, reuse.body.error]).toEqual([400, 'invalid_grant']);
    // The thief's replay also killed the legitimate, newer token of the same family.
    const afterTheft = await refresh(second.body.refresh_token!);
    expect(afterTheft.body.error).toBe('invalid_grant');
    // An access token is not a refresh token.
    expect((await refresh(first.access_token)).body.error).toBe('invalid_grant');
  });

  it('revokes access and refresh tokens at logout (RFC 7009), 200 for unknown tokens', async () => {
    const tokens = (await passwordGrant(shopper.email, shopper.password)).body;
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    expect((await shop.send('GET', '/api/rest/v2/customers/me', { headers: bearer })).status).toBe(200);
    expect((await shop.send('POST', '/api/rest/v2/auth/logout', { form: { token: tokens.access_token } })).status).toBe(200);
    const after = await shop.send('GET', '/api/rest/v2/customers/me', { headers: bearer });
    expect([after.status, after.body.error]).toEqual([401, 'invalid_token']);
    expect(after.headers.get('www-authenticate')).toContain('invalid_token');
    expect((await shop.send('POST', '/api/rest/v2/auth/logout', { json: { token: tokens.refresh_token, token_type_hint: 'refresh_token' } })).status).toBe(200);
    const refreshed = await shop.send('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! } });
    expect(refreshed.body.error).toBe('invalid_grant');
    expect((await shop.send('POST', '/api/rest/v2/auth/logout', { form: { token: 'garbage' } })).status).toBe(200);
    // A revoked token sent along in Authorization does not stand in the way of signing in again.
    expect((await shop.send('POST', '/api/rest/v2/auth/login', { json: shopper, headers: bearer })).status).toBe(200);
    expect((await shop.send('POST', '/api/rest/v2/auth/logout', { form: {} })).status).toBe(400);
  });

  it('refuses tampered, foreign and malformed tokens', async () => {
    const tokens = (await passwordGrant(shopper.email, shopper.password)).body;
    const [header, payload] = tokens.access_token.split('.');
    for (const token of [`${header}.${payload}.AAAA`, 'abc', tokens.refresh_token!]) {
      const response = await shop.send('GET', '/api/rest/v2/customers/me', { headers: { authorization: `Bearer ${token}` } });
      expect([response.status, response.body.error]).toEqual([401, 'invalid_token']);
    }
    expect((await shop.send('GET', '/api/rest/v2/customers/me', { headers: { authorization: 'Bearer' } })).status).toBe(401);
  });

  it('reads the customer group from the database on every call', async () => {
    const tokens = (await passwordGrant(shopper.email, shopper.password)).body;
    const me = () => shop.send<{ groupId: number }>('GET', '/api/rest/v2/customers/me', { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect((await me()).body.groupId).toBe(1);
    await shop.database.db.update(customers).set({ groupId: 2 }).where(eq(customers.email, shopper.email));
    expect((await me()).body.groupId).toBe(2);
    await shop.database.db.update(customers).set({ groupId: 1 }).where(eq(customers.email, shopper.email));
  });

  it('issues client_credentials tokens to admin-made API clients (Basic or post), without a refresh token', async () => {
    const client = await createApiClient(shop.database.db, 'ERP');
    const basic = `Basic ${btoa(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`)}`;
    const viaBasic = await shop.send<Tokens>('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'client_credentials' }, headers: { authorization: basic } });
    expect(viaBasic.status).toBe(200);
    expect(viaBasic.body).toMatchObject({ scope: 'api_user', token_type: 'Bearer' });
    expect(viaBasic.body.refresh_token).toBeUndefined();
    expect(decodeJwt(viaBasic.body.access_token).sub).toBe(`client:${client.clientId}`);
    const viaPost = await shop.send('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret } });
    expect(viaPost.status).toBe(200);
    const both = await shop.send('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'client_credentials', client_id: client.clientId }, headers: { authorization: basic } });
    expect(both.body.error).toBe('invalid_request');
    const noCart = await shop.send('GET', '/api/rest/v2/cart', { headers: { authorization: `Bearer ${viaBasic.body.access_token}` } });
    expect(noCart.status).toBe(403);
  });

  it('issues admin users an access token with scope admin (no refresh token)', async () => {
    await ensureAdminUser(shop.database.db, testAdmin);
    const admin = await shop.send<Tokens>('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'password', username: testAdmin.email, password: testAdmin.password, scope: 'admin' } });
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ scope: 'admin', token_type: 'Bearer' });
    expect(admin.body.refresh_token).toBeUndefined();
    expect(decodeJwt(admin.body.access_token).sub).toMatch(/^admin:\d+$/);
    const bearer = { authorization: `Bearer ${admin.body.access_token}` };
    expect((await shop.send('GET', '/api/rest/v2/customers/me', { headers: bearer })).status).toBe(401);
    expect((await shop.send('GET', '/api/rest/v2/cart', { headers: bearer })).status).toBe(403);
    expect((await shop.send('GET', '/api/rest/v2/products?itemsPerPage=1', { headers: bearer })).headers.get('cache-control')).toBe('private, max-age=60');
    // A customer's password does not open the admin scope.
    const customer = await shop.send('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'password', username: shopper.email, password: shopper.password, scope: 'admin' } });
    expect(customer.body.error).toBe('invalid_grant');
  });

  it('slows and then refuses repeated failures for one email with 429 and Retry-After', async () => {
    const email = 'buyer@trade.example';
    for (let attempt = 0; attempt < testAuth.maxFailedLogins; attempt++) {
      const failed = await shop.send('POST', '/api/rest/v2/auth/login', { json: { email, password: `wrong-${attempt}` }, headers: { 'x-forwarded-for': `10.0.0.${attempt}` } });
      expect(failed.status).toBe(401);
    }
    // From here each attempt must wait out a lock (1 s, 2 s…) the one before it claimed. Two at once: one
    // may claim the next lock, the other is refused, however slowly a loaded machine ran the ones before.
    const burst = await Promise.all([0, 1].map(() => shop.send('POST', '/api/rest/v2/auth/login', { json: { email, password: 'Trade#2026' } })));
    const locked = burst.find((answer) => answer.status === 429);
    expect(locked?.body.error).toBe('too_many_attempts');
    expect(Number(locked?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

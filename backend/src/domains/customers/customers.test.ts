import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRegistrationLimits } from './registration-limits.ts';
import { mailOutbox } from '../../platform/db/schema/index.ts';
import { signClientIp } from '../../platform/http/client-ip.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { shopper, usAddress } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Customer {
  id: number;
  email: string;
  firstName: string;
  groupId: number;
  groupCode: string;
}
interface Address {
  id: number;
  isDefaultShipping: boolean;
  city: string;
}

describe.each(dialects)('customers (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const account = { email: 'New.Person@Example.com', password: 'Secret#2026', firstName: 'New', lastName: 'Person' };

  /** An account of the test's own (named after it), so no test depends on what another did. */
  async function signUp(name: string) {
    const own = { ...account, email: `${name}@example.com`, firstName: name };
    const created = await shop.send('POST', '/api/rest/v2/customers', { json: own });
    if (created.status !== 201) throw new Error(`sign-up of ${own.email} failed with ${created.status}`);
    return { account: own, auth: await bearerFor(shop, own) };
  }

  it('creates an account in the General group, then refuses the same email (any case) with 409', async () => {
    const created = await shop.send<Customer>('POST', '/api/rest/v2/customers', { json: account });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'new.person@example.com', groupId: 1, groupCode: 'General' });
    expect(created.body).not.toHaveProperty('passwordHash');
    const again = await shop.send('POST', '/api/rest/v2/customers', { json: { ...account, email: 'new.person@EXAMPLE.com' } });
    expect([again.status, again.body.error]).toEqual([409, 'email_taken']);
  });

  it('answers 400 with field errors for bad sign-ups', async () => {
    const bad = await shop.send('POST', '/api/rest/v2/customers', { json: { email: 'nope', password: 'short', firstName: '', lastName: 'X' } });
    expect(bad.status).toBe(400);
    const fields = [...new Set((bad.body.details as { field: string }[]).map((d) => d.field))].sort();
    expect(fields).toEqual(['email', 'firstName', 'password']);
    const weak = await shop.send('POST', '/api/rest/v2/customers', { json: { ...account, email: 'w@example.com', password: 'lettersonly' } });
    expect(weak.status).toBe(400);
    expect((await shop.send('POST', '/api/rest/v2/customers', { headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await shop.send('POST', '/api/rest/v2/customers', { json: [1, 2] })).status).toBe(400);
  });

  it('shows and updates the signed-in customer; 401 without a token', async () => {
    expect((await shop.send('GET', '/api/rest/v2/customers/me')).status).toBe(401);
    const { auth } = await signUp('Shown');
    const me = await shop.send<Customer>('GET', '/api/rest/v2/customers/me', { headers: auth });
    expect([me.body.email, me.body.firstName]).toEqual(['shown@example.com', 'Shown']);
    const updated = await shop.send<Customer>('PUT', '/api/rest/v2/customers/me', { json: { firstName: 'Renamed' }, headers: auth });
    expect([updated.status, updated.body.firstName]).toEqual([200, 'Renamed']);
    const taken = await shop.send('PUT', '/api/rest/v2/customers/me', { json: { email: shopper.email }, headers: auth });
    expect(taken.status).toBe(409);
    expect((await shop.send('PUT', '/api/rest/v2/customers/me', { json: { email: 'x' }, headers: auth })).status).toBe(400);
  });

  it('changes the email only with the current password, and tells the old address', async () => {
    const { account, auth } = await signUp('Mover');
    const moved = 'mover-new@example.com';
    const missing = await shop.send('PUT', '/api/rest/v2/customers/me', { json: { email: moved }, headers: auth });
    expect([missing.status, missing.body.error]).toEqual([400, 'current_password_required']);
    expect(missing.body.details).toEqual([{ location: 'json', field: 'currentPassword', message: 'Required to change the email address.' }]);
    const wrong = await shop.send('PUT', '/api/rest/v2/customers/me', { json: { email: moved, currentPassword: 'not-my-password', firstName: 'Thief' }, headers: auth });
    expect([wrong.status, wrong.body.error]).toEqual([403, 'wrong_password']);
    // Nothing of a refused change is saved, and no email goes out.
    expect((await shop.send<Customer>('GET', '/api/rest/v2/customers/me', { headers: auth })).body).toMatchObject({ email: 'mover@example.com', firstName: 'Mover' });
    const notices = () => shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'email_changed'), eq(mailOutbox.to, 'mover@example.com')));
    expect(await notices()).toEqual([]);
    // The same email (any case) is no change and needs no password.
    expect((await shop.send('PUT', '/api/rest/v2/customers/me', { json: { email: 'MOVER@example.com', firstName: 'Still' }, headers: auth })).status).toBe(200);

    const changed = await shop.send<Customer>('PUT', '/api/rest/v2/customers/me', { json: { email: moved, currentPassword: account.password }, headers: auth });
    expect([changed.status, changed.body.email]).toEqual([200, moved]);
    const [notice] = await notices();
    expect(notice?.subject).toMatch(/email address of your account .* was changed/);
    expect(notice?.text.replaceAll('\u200B', '')).toContain(`from mover@example.com to ${moved}`);
    expect((await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: moved, password: account.password } })).status).toBe(200);
  });

  it('names each refused profile field with a message a shopper can act on', async () => {
    const { auth } = await signUp('Refused');
    const refused = await shop.send('PUT', '/api/rest/v2/customers/me', { json: { firstName: '   ', lastName: 'x'.repeat(101), email: 'not-an-email' }, headers: auth });
    expect([refused.status, refused.body.error]).toEqual([400, 'invalid_request']);
    expect(refused.body.details).toEqual([
      { location: 'json', field: 'email', message: 'Enter an email address like name@example.com.' },
      { location: 'json', field: 'firstName', message: 'Required.' },
      { location: 'json', field: 'lastName', message: 'At most 100 characters.' },
    ]);
    // Nothing of a refused update is saved.
    expect((await shop.send<Customer>('GET', '/api/rest/v2/customers/me', { headers: auth })).body).toMatchObject({ firstName: 'Refused', email: 'refused@example.com' });
  });

  it('keeps an address book with one default shipping address', async () => {
    const { auth } = await signUp('Addresses');
    const first = await shop.send<Address>('POST', '/api/rest/v2/customers/me/addresses', { json: { ...usAddress, isDefaultShipping: true }, headers: auth });
    expect(first.status).toBe(201);
    const second = await shop.send<Address>('POST', '/api/rest/v2/customers/me/addresses', { json: { ...usAddress, city: 'Shelbyville', isDefaultShipping: true }, headers: auth });
    const list = await shop.send<{ member: Address[] }>('GET', '/api/rest/v2/customers/me/addresses', { headers: auth });
    expect(list.body.member.map((a) => a.isDefaultShipping)).toEqual([false, true]);
    const put = await shop.send<Address>('PUT', `/api/rest/v2/customers/me/addresses/${first.body.id}`, { json: { ...usAddress, city: 'Capital City' }, headers: auth });
    expect(put.body.city).toBe('Capital City');
    expect((await shop.send('DELETE', `/api/rest/v2/customers/me/addresses/${second.body.id}`, { headers: auth })).status).toBe(200);
    expect((await shop.send('DELETE', `/api/rest/v2/customers/me/addresses/${second.body.id}`, { headers: auth })).status).toBe(404);
    // Someone else's address is as good as missing.
    const other = await bearerFor(shop, shopper);
    expect((await shop.send('PUT', `/api/rest/v2/customers/me/addresses/${first.body.id}`, { json: usAddress, headers: other })).status).toBe(404);
    const bad = await shop.send('POST', '/api/rest/v2/customers/me/addresses', { json: { ...usAddress, countryId: 'usa', street: [] }, headers: auth });
    expect(bad.status).toBe(400);
    expect((await shop.send('DELETE', '/api/rest/v2/customers/me/addresses/abc', { headers: auth })).status).toBe(400);
  });

  it('changes the password after checking the current one, ending other sessions', async () => {
    const { account } = await signUp('Password');
    const tokens = await shop.send<{ refresh_token: string; access_token: string }>('POST', '/api/rest/v2/auth/login', { json: { email: account.email, password: account.password } });
    const auth = { authorization: `Bearer ${tokens.body.access_token}` };
    const wrong = await shop.send('PUT', '/api/rest/v2/customers/me/password', { json: { currentPassword: 'nope', newPassword: 'Another#2027' }, headers: auth });
    expect([wrong.status, wrong.body.error]).toEqual([400, 'wrong_password']);
    const weak = await shop.send('PUT', '/api/rest/v2/customers/me/password', { json: { currentPassword: account.password, newPassword: 'x' }, headers: auth });
    expect(weak.status).toBe(400);
    const changed = await shop.send('PUT', '/api/rest/v2/customers/me/password', { json: { currentPassword: account.password, newPassword: 'Another#2027' }, headers: auth });
    expect(changed.status).toBe(200);
    const refresh = await shop.send('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token } });
    expect(refresh.body.error).toBe('invalid_grant');
    expect((await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: account.email, password: 'Another#2027' } })).status).toBe(200);
  });
});

const proxySecret = 'proxy-secret-for-tests-0123456789abcdef';

/** The headers the storefront's proxy adds for a visitor at `ip`. */
function from(ip: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return { 'x-client-ip': ip, 'x-storefront-timestamp': String(timestamp), 'x-storefront-signature': signClientIp(proxySecret, ip, timestamp) };
}

describe.each(dialects)('sign-up limits (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { registrationLimits: defaultRegistrationLimits, storefrontProxySecret: proxySecret });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const signUp = (email: string, ip: string) =>
    shop.send('POST', '/api/rest/v2/customers', { json: { email, password: 'Secret#2026', firstName: 'Sam', lastName: 'Spam' }, headers: from(ip) });
  const fresh = () => `signup-${randomBytes(4).toString('hex')}@example.com`;

  it('takes 5 sign-ups an hour from one client IP, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await signUp(fresh(), '203.0.113.50')).status).toBe(201);
    const email = fresh();
    const refused = await signUp(email, '203.0.113.50');
    expect([refused.status, refused.body.error]).toEqual([429, 'too_many_registrations']);
    expect(refused.headers.get('content-type')).toContain('application/json');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Nothing was created: the address is free for a sign-up from elsewhere.
    expect((await signUp(email, '203.0.113.51')).status).toBe(201);
  });

  it('takes 3 sign-up attempts an hour for one email, from any addresses', async () => {
    const email = fresh();
    expect((await signUp(email, '198.51.100.60')).status).toBe(201);
    expect((await signUp(email, '198.51.100.61')).status).toBe(409);
    expect((await signUp(email, '198.51.100.62')).status).toBe(409);
    const refused = await signUp(email, '198.51.100.63');
    expect([refused.status, refused.body.error]).toEqual([429, 'too_many_registrations']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another email from that address is not affected.
    expect((await signUp(fresh(), '198.51.100.63')).status).toBe(201);
  });
});

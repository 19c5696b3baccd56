import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, mailOutbox, passwordTokens } from '../../platform/db/schema/index.ts';
import { issuePasswordToken } from './password-reset.ts';
import { signClientIp } from '../../platform/http/client-ip.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

const forgot = '/api/rest/v2/customers/password/forgot';
const reset = '/api/rest/v2/customers/password/reset';
const accepted = { status: 'accepted', message: 'If an account exists for this email, we have sent it a link to set a new password.' };
const mailer = () => createMailer({ storefrontUrl: 'https://shop.test', storefrontUrls: { au: 'https://au.shop.test' } });

interface Tokens {
  access_token: string;
  refresh_token: string;
}

async function register(shop: TestShop, label: string) {
  const account = { email: `${label}-${randomBytes(4).toString('hex')}@example.com`, password: 'Original#2026', firstName: 'Grace', lastName: 'Hopper' };
  const created = await shop.send<{ id: number }>('POST', '/api/rest/v2/customers', { json: account });
  expect(created.status).toBe(201);
  return { ...account, id: created.body.id };
}

async function resetEmails(shop: TestShop, to: string) {
  return shop.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'password_reset')))
    .orderBy(desc(mailOutbox.id));
}

/** The token of the newest reset email's link. */
async function tokenFromEmail(shop: TestShop, to: string): Promise<{ link: URL; token: string }> {
  const [mail] = await resetEmails(shop, to);
  const href = /https?:\/\/\S+\/account\/set-password\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
  if (!href) throw new Error(`no set-password link in ${JSON.stringify(mail?.text)}`);
  const link = new URL(href);
  return { link, token: link.searchParams.get('token')! };
}

describe.each(dialects)('password reset (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { mailer: mailer() });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('answers 202 for any address and emails a single-use link only to a customer', async () => {
    const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const answer = await shop.send(`POST`, forgot, { json: { email: unknown } });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual(accepted);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await resetEmails(shop, unknown)).toEqual([]);

    const customer = await register(shop, 'forgetful');
    const known = await shop.send(`POST`, forgot, { json: { email: customer.email.toUpperCase() } });
    expect(known.status).toBe(202);
    expect(known.body).toEqual(answer.body);
    const [mail] = await resetEmails(shop, customer.email);
    expect(mail).toMatchObject({ subject: 'Reset your password at Northfield Supply Co.', status: 'unsent', fromAddress: 'hello@northfield.example' });
    expect(mail!.text).toContain('Hello Grace,');
    expect(mail!.text).toContain('expires in 1 hour');
    const { link, token } = await tokenFromEmail(shop, customer.email);
    expect(link.origin).toBe('https://shop.test');
    expect(link.pathname).toBe('/account/set-password');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail!.html).toContain(`<a href="${link.href}">`);
    // Only the hash is stored, with an hour to live.
    const [stored] = await shop.database.db.select().from(passwordTokens).where(eq(passwordTokens.customerId, customer.id));
    expect(stored).toMatchObject({ purpose: 'reset', usedAt: null });
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(3600_000);
  });

  it("links to the store view's own storefront origin and sends as that store", async () => {
    const customer = await register(shop, 'aussie');
    expect((await shop.send('POST', forgot, { json: { email: customer.email }, headers: { 'x-store-code': 'au' } })).status).toBe(202);
    const [mail] = await resetEmails(shop, customer.email);
    expect(mail).toMatchObject({ subject: 'Reset your password at Southern Cross Outfitters', fromAddress: 'gday@southerncross.example' });
    expect((await tokenFromEmail(shop, customer.email)).link.origin).toBe('https://au.shop.test');
  });

  it('sets the password once, ends every session and every other link', async () => {
    const customer = await register(shop, 'resetter');
    const before = await shop.send<Tokens>('POST', '/api/rest/v2/auth/login', { json: { email: customer.email, password: customer.password } });
    await shop.send('POST', forgot, { json: { email: customer.email } });
    const { token: older } = await tokenFromEmail(shop, customer.email);
    await shop.send('POST', forgot, { json: { email: customer.email } });
    const { token } = await tokenFromEmail(shop, customer.email);
    expect(token).not.toBe(older);

    const weak = await shop.send(`POST`, reset, { json: { token, newPassword: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.details).toContainEqual(expect.objectContaining({ field: 'newPassword', message: 'At least 8 characters.' }));

    const done = await shop.send<{ status: string; email: string }>('POST', reset, { json: { token, newPassword: 'Renewed#2026' } });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: 'ok', email: customer.email });
    expect((await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: customer.email, password: 'Renewed#2026' } })).status).toBe(200);
    expect((await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: customer.email, password: customer.password } })).status).toBe(401);
    // The refresh token of the earlier sign-in is revoked.
    const refreshed = await shop.send('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'refresh_token', refresh_token: before.body.refresh_token } });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');

    const reused = await shop.send('POST', reset, { json: { token, newPassword: 'Another#2026' } });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: 'invalid_token', details: { reason: 'used' } });
    // The older link died with the reset.
    const stale = await shop.send('POST', reset, { json: { token: older, newPassword: 'Another#2026' } });
    expect(stale.body).toMatchObject({ error: 'invalid_token', details: { reason: 'used' } });
    expect((await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: customer.email, password: 'Another#2026' } })).status).toBe(401);
  });

  it('refuses expired and unknown tokens with 400 invalid_token', async () => {
    const customer = await register(shop, 'late');
    const { token } = await issuePasswordToken(shop.database.db, customer.id, 'reset', new Date(Date.now() - 3601_000));
    const expired = await shop.send('POST', reset, { json: { token, newPassword: 'Renewed#2026' } });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ error: 'invalid_token', details: { reason: 'expired' } });
    expect(expired.body.message).toMatch(/expired/);
    const unknown = await shop.send('POST', reset, { json: { token: 'not-a-token', newPassword: 'Renewed#2026' } });
    expect(unknown.body).toMatchObject({ error: 'invalid_token', details: { reason: 'unknown' } });
    expect((await shop.send('POST', reset, { json: { newPassword: 'Renewed#2026' } })).status).toBe(400);
  });

  it('issues 7-day account setup tokens that work the same way', async () => {
    const customer = await register(shop, 'trade');
    const now = new Date();
    const { token, expiresAt } = await issuePasswordToken(shop.database.db, customer.id, 'setup', now);
    expect(expiresAt.getTime() - now.getTime()).toBe(7 * 24 * 3600_000);
    const [stored] = await shop.database.db.select().from(passwordTokens).where(eq(passwordTokens.customerId, customer.id));
    expect(stored!.purpose).toBe('setup');
    expect((await shop.send('POST', reset, { json: { token, newPassword: 'Welcome#2026' } })).status).toBe(200);
    expect((await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: customer.email, password: 'Welcome#2026' } })).status).toBe(200);
  });

  it('lets one of two simultaneous uses of a token win', async () => {
    const customer = await register(shop, 'racer');
    const { token } = await issuePasswordToken(shop.database.db, customer.id, 'reset');
    const answers = await Promise.all(['First#2026', 'Second#2026'].map((newPassword) => shop.send('POST', reset, { json: { token, newPassword } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });
});

const proxySecret = 'proxy-secret-for-tests-0123456789abcdef';

/** The headers the storefront's proxy adds for a visitor at `ip`, so the backend trusts it as the client's. */
function from(ip: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return { 'x-client-ip': ip, 'x-storefront-timestamp': String(timestamp), 'x-storefront-signature': signClientIp(proxySecret, ip, timestamp) };
}

describe('forgot-password rate limits', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop('pglite', { mailer: mailer(), storefrontProxySecret: proxySecret });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('sends at most 5 emails an hour per email from one address, 20 requests per client IP, and answers 202 all the same', async () => {
    const customer = await register(shop, 'limited');
    for (let i = 0; i < 7; i++) {
      const answer = await shop.send('POST', forgot, { json: { email: customer.email } });
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(accepted);
    }
    expect(await resetEmails(shop, customer.email)).toHaveLength(5);

    // Requests from one IP (all in-process requests share one): 7 so far; 13 more reach the limit.
    for (let i = 0; i < 13; i++) await shop.send('POST', forgot, { json: { email: `probe-${i}@example.com` } });
    const other = await register(shop, 'same-ip');
    const limited = await shop.send('POST', forgot, { json: { email: other.email } });
    expect(limited.status).toBe(202);
    expect(limited.body).toEqual(accepted);
    expect(await resetEmails(shop, other.email)).toEqual([]);
    const [stillThere] = await shop.database.db.select({ id: customers.id }).from(customers).where(eq(customers.email, other.email));
    expect(stillThere).toBeDefined();
  });

  it('still emails the owner asking from their own address after others used up theirs, and caps one mailbox at 50 an hour over every address', async () => {
    const customer = await register(shop, 'targeted');
    // Someone asks six times for the owner's address from one place: five emails, then that pair is done…
    for (let i = 0; i < 6; i++) expect((await shop.send('POST', forgot, { json: { email: customer.email }, headers: from('203.0.113.50') })).body).toEqual(accepted);
    expect(await resetEmails(shop, customer.email)).toHaveLength(5);
    // …but the owner, asking from home, still gets the link (DECISIONS.md 57: a reset email always works).
    expect((await shop.send('POST', forgot, { json: { email: customer.email }, headers: from('198.51.100.8') })).body).toEqual(accepted);
    expect(await resetEmails(shop, customer.email)).toHaveLength(6);

    // An attacker rotating addresses to flood one mailbox: 60 requests from 60 IPs, 50 emails at most.
    const flooded = await register(shop, 'flooded');
    for (let i = 0; i < 60; i++) {
      const answer = await shop.send('POST', forgot, { json: { email: flooded.email }, headers: from(`10.31.${Math.floor(i / 250)}.${(i % 250) + 1}`) });
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(accepted);
    }
    expect(await resetEmails(shop, flooded.email)).toHaveLength(50);
    // An unknown email is counted and answered the same: nothing tells the two apart.
    expect((await shop.send('POST', forgot, { json: { email: 'nobody-here@example.com' }, headers: from('10.31.9.9') })).body).toEqual(accepted);
  });
});

import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.ts';
import { createMailer } from '../mail/mailer.ts';
import { adminBearer } from '../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** DECISIONS.md 50: every request with an access token follows the account's status and last password, email or status change. */
describe.each(dialects)('access tokens follow the account (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { mailer: createMailer({ storefrontUrl: 'https://shop.test' }) });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const register = async (label: string) => {
    const account = { email: `${label}-${randomBytes(4).toString('hex')}@example.com`, password: 'Original#2026', firstName: 'Ada', lastName: 'Lovelace' };
    const created = await shop.send<{ id: number }>('POST', '/api/rest/v2/customers', { json: account });
    expect(created.status).toBe(201);
    return { ...account, id: created.body.id };
  };
  const login = async (account: { email: string; password: string }) => {
    const answer = await shop.send<Tokens>('POST', '/api/rest/v2/auth/login', { json: { email: account.email, password: account.password } });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const me = (tokens: Tokens) => shop.send<{ error?: string }>('GET', '/api/rest/v2/customers/me', { headers: { authorization: `Bearer ${tokens.access_token}` } });
  const decide = (id: number, action: string) => shop.send('POST', `/api/rest/v2/admin/customers/${id}/${action}`, { headers: admin });

  it('refuses a declined or re-pended customer’s access token at once, and an approved one needs a new sign-in', async () => {
    const account = await register('declined');
    const tokens = await login(account);
    expect((await me(tokens)).status).toBe(200);

    expect((await decide(account.id, 'decline')).status).toBe(200);
    const refused = await me(tokens);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_token');
    expect(refused.headers.get('www-authenticate')).toContain('invalid_token');
    // Catalog reads with the token are refused too, not served as a guest.
    expect((await shop.send('GET', '/api/rest/v2/products', { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);

    expect((await decide(account.id, 'approve')).status).toBe(200);
    // Approved again: the token issued before the decline stays dead; a fresh sign-in works at once.
    expect((await me(tokens)).status).toBe(401);
    const fresh = await login(account);
    expect((await me(fresh)).status).toBe(200);

    expect((await decide(account.id, 'set-pending')).status).toBe(200);
    expect((await me(fresh)).body.error).toBe('invalid_token');
  });

  it('ends older access tokens with a password change; a sign-in right after it (same second) works', async () => {
    const account = await register('changer');
    const [first, second] = [await login(account), await login(account)];
    const changed = await shop.send('PUT', '/api/rest/v2/customers/me/password', {
      json: { currentPassword: account.password, newPassword: 'Changed#2026' },
      headers: { authorization: `Bearer ${first.access_token}` },
    });
    expect(changed.status).toBe(200);
    const fresh = await login({ email: account.email, password: 'Changed#2026' });
    for (const old of [first, second]) expect((await me(old)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
    // The refreshed pair of a fresh sign-in keeps working too.
    const rotated = await shop.send<Tokens>('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'refresh_token', refresh_token: fresh.refresh_token } });
    expect(rotated.status).toBe(200);
    expect((await me(rotated.body)).status).toBe(200);
  });

  it('ends older access tokens with a password reset; the new password’s token works', async () => {
    const account = await register('resetter');
    const before = await login(account);
    await shop.send('POST', '/api/rest/v2/customers/password/forgot', { json: { email: account.email } });
    const [mail] = await shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, account.email)).orderBy(desc(mailOutbox.id));
    const token = /set-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect((await shop.send('POST', '/api/rest/v2/customers/password/reset', { json: { token, newPassword: 'Renewed#2026' } })).status).toBe(200);
    expect((await me(before)).status).toBe(401);
    expect((await me(await login({ email: account.email, password: 'Renewed#2026' }))).status).toBe(200);
  });
});

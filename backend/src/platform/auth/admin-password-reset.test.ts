/**
 * The admin's "Forgot password?" (issue 31): the login page links to it; asking answers the same
 * page whatever the email and emails a one-time link only to an admin; the link's page sets a new
 * password, after which the old password, the admin's other browser sessions and API tokens stop
 * working, the link is spent, and signing in with the new password works at once.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureAdminUser } from '../../platform/admin/ensure-admin.ts';
import { mailOutbox } from '../../platform/db/schema/index.ts';
import { adminBearer, adminBrowser, testAdmin } from '../../../test/helpers/admin-session.ts';
import { openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop('pglite', { env: { ...process.env, ADMIN_URL: 'https://admin.shop.test' } });
});
afterAll(async () => {
  expect(shop.loggedErrors).toEqual([]);
  await shop.close();
});

const resetMails = (to: string) =>
  shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'admin_password_reset'))).orderBy(desc(mailOutbox.id));
const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

it('emails an admin a one-time link that sets a new password and signs every old session and token out', async () => {
  const bearer = await adminBearer(shop);
  const otherBrowser = adminBrowser(shop);
  expect((await otherBrowser.signIn()).status).toBe(303);
  expect((await otherBrowser.request('GET', '/admin')).status).toBe(200);

  const browser = adminBrowser(shop);
  const login = await browser.request('GET', '/admin/login');
  expect(login.html).toContain('href="/admin/forgot-password"');
  const form = await browser.request('GET', '/admin/forgot-password');
  const asked = await browser.request('POST', '/admin/forgot-password', { email: 'ADMIN@example.com', _csrf: csrfOf(form.html) });
  expect(asked.status).toBe(200);
  const [mail, ...older] = await resetMails(testAdmin.email);
  expect(older).toEqual([]);
  const href = /https:\/\/admin\.shop\.test\/admin\/reset-password\?token=[\w-]+/.exec(mail!.text)?.[0];
  expect(href, mail!.text).toBeDefined();
  const link = new URL(href!);

  const page = await browser.request('GET', `${link.pathname}${link.search}`);
  expect(page.status).toBe(200);
  expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  const token = link.searchParams.get('token')!;
  const weak = await browser.request('POST', '/admin/reset-password', { token, password: 'short1', confirm: 'short1', _csrf: csrfOf(page.html) });
  expect(weak.status).toBe(400);
  expect(weak.html).toContain('At least 12 characters.');
  const newPassword = 'Brand-new#Admin-2026';
  const done = await browser.request('POST', '/admin/reset-password', { token, password: newPassword, confirm: newPassword, _csrf: csrfOf(weak.html) });
  expect(done.status).toBe(303);
  expect(done.location).toBe('/admin/login?reset=1');

  // Everything that spoke for the admin before the reset is over.
  expect((await otherBrowser.request('GET', '/admin')).location).toBe('/admin/login');
  expect((await shop.send('GET', '/api/rest/v2/admin/products', { headers: bearer })).status).toBe(401);
  expect((await browser.signIn()).status).toBe(401);
  // The link is spent.
  expect((await browser.request('GET', `${link.pathname}${link.search}`)).status).toBe(400);
  // The new password works at once, for the panel and the API, even within the second of the reset.
  expect((await browser.signIn({ email: testAdmin.email, password: newPassword })).location).toBe('/admin');
  const token2 = await shop.send<{ access_token: string }>('POST', '/api/rest/v2/auth/token', {
    form: { grant_type: 'password', username: testAdmin.email, password: newPassword, scope: 'admin' },
  });
  expect((await shop.send('GET', '/api/rest/v2/admin/products', { headers: { authorization: `Bearer ${token2.body.access_token}` } })).status).toBe(200);
});

it('answers the same page for an unknown email, sends nothing, and stops emailing after five requests an hour from one address', async () => {
  const browser = adminBrowser(shop);
  const ask = async (email: string) => {
    const form = await browser.request('GET', '/admin/forgot-password');
    return browser.request('POST', '/admin/forgot-password', { email, _csrf: csrfOf(form.html) });
  };
  const known = await ask(testAdmin.email);
  const unknown = await ask('nobody@example.com');
  expect(unknown.status).toBe(known.status);
  expect(unknown.html).toBe(known.html);
  expect(await resetMails('nobody@example.com')).toEqual([]);
  // A second admin of its own, so the count starts here: five emails an hour per address, then none.
  const second = { email: 'second-admin@example.com', password: 'Second#Admin-2026' };
  await ensureAdminUser(shop.database.db, second);
  for (let i = 0; i < 7; i++) expect((await ask(second.email)).html).toBe(known.html);
  expect(await resetMails(second.email)).toHaveLength(5);
});

it('refuses a forged form and a made-up link', async () => {
  const browser = adminBrowser(shop);
  expect((await browser.request('POST', '/admin/forgot-password', { email: testAdmin.email, _csrf: 'forged' })).status).toBe(403);
  expect((await browser.request('GET', '/admin/reset-password?token=made-up')).status).toBe(400);
  const page = await browser.request('GET', '/admin/forgot-password');
  const made = await browser.request('POST', '/admin/reset-password', { token: 'made-up', password: 'Brand-new#Admin-2026', confirm: 'Brand-new#Admin-2026', _csrf: csrfOf(page.html) });
  expect(made.status).toBe(400);
});

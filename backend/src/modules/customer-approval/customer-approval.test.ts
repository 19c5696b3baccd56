import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePasswordToken } from '../../domains/customers/password-reset.ts';
import { adminAuditLog, customers, mailOutbox } from '../../platform/db/schema/index.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import customerApproval from './index.ts';
import { adminBearer, adminBrowser } from '../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

const config = '/api/rest/v2/admin/customer-approval/config';
const blocked = 'Thanks! We review every new account within a working day.';
const rejected = 'Sorry, this account was not approved.';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

describe.each(dialects)('customer approval (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [customerApproval], mailer: createMailer({ storefrontUrl: 'https://shop.test' }) });
    admin = await adminBearer(shop);
    const saved = await shop.send('PUT', config, {
      json: { enabled: true, requireApprovalForNewRegistrations: true, blockedLoginMessage: blocked, rejectedLoginMessage: rejected, notifyEmails: ['sales@northfield.example'] },
      headers: admin,
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const register = async (label: string) => {
    const account = { email: `${label}-${randomBytes(4).toString('hex')}@example.com`, password: 'Original#2026', firstName: 'Ada', lastName: 'Lovelace' };
    const created = await shop.send<{ id: number; approvalStatus: string }>('POST', '/api/rest/v2/customers', { json: account });
    expect(created.status).toBe(201);
    return { ...account, id: created.body.id, approvalStatus: created.body.approvalStatus };
  };
  const passwordGrant = (account: { email: string; password: string }) =>
    shop.send<Tokens & { error: string; error_description?: string; message?: string }>('POST', '/api/rest/v2/auth/token', {
      form: { grant_type: 'password', username: account.email, password: account.password },
    });
  const login = (account: { email: string; password: string }) => shop.send<Tokens>('POST', '/api/rest/v2/auth/login', { json: { email: account.email, password: account.password } });
  const refresh = (token: string) => shop.send<Tokens>('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'refresh_token', refresh_token: token } });
  const decide = (id: number | string, action: string, headers = admin) => shop.send<{ approvalStatus: string; isApproved: boolean; previousStatus: string; changed: boolean }>('POST', `/api/rest/v2/admin/customers/${id}/${action}`, { headers });
  const mails = (to: string) => shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
  const statusOf = async (id: number) => (await shop.database.db.select({ s: customers.approvalStatus }).from(customers).where(eq(customers.id, id)))[0]?.s;

  it('publishes its discovery answer, nothing admin-only', async () => {
    const answer = await shop.get('/api/rest/v2/b2b/approval/config');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ enabled: true, requireApprovalForNewRegistrations: true, blockedLoginMessage: blocked });
  });

  it('makes a new registration pending, mails the customer and the admins, and refuses every token path with the configured message', async () => {
    const account = await register('pending');
    expect(account.approvalStatus).toBe('pending');
    const [pendingMail, ...rest] = await mails(account.email);
    expect(rest).toEqual([]);
    expect(pendingMail).toMatchObject({ kind: 'customer_approval_pending', subject: 'Your account at Northfield Supply Co. is awaiting approval' });
    expect(pendingMail!.text).toContain('Hello Ada,');
    const notices = (await mails('sales@northfield.example')).filter((m) => m.text.includes(account.email));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe(`New account awaiting approval: ${account.email}`);

    const grant = await passwordGrant(account);
    expect(grant.status).toBe(403);
    expect(grant.body).toEqual({ error: 'account_pending_approval', error_description: blocked, message: blocked });
    const viaLogin = await login(account);
    expect(viaLogin.status).toBe(403);
    expect(viaLogin.body).toMatchObject({ error: 'account_pending_approval', message: blocked });

    // Signing in after a password reset is a token path too.
    const { token } = await issuePasswordToken(shop.database.db, account.id, 'reset');
    const reset = await shop.send('POST', '/api/rest/v2/customers/password/reset', { json: { token, newPassword: 'Changed#2026' } });
    expect(reset.status).toBe(200);
    expect((await login({ email: account.email, password: 'Changed#2026' })).body).toMatchObject({ error: 'account_pending_approval' });

    // Registering again with the same email changes nothing.
    const again = await shop.send('POST', '/api/rest/v2/customers', { json: { ...account, password: 'Another#2026' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('email_taken');
    expect(await statusOf(account.id)).toBe('pending');
  });

  it('approves, declines and sets back to pending; refresh tokens stop working after rejection; each decision is mailed and audited', async () => {
    const account = await register('decided');
    const approved = await decide(account.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ approvalStatus: 'active', isApproved: true, previousStatus: 'pending', changed: true });
    const approvedMail = (await mails(account.email)).at(-1)!;
    expect(approvedMail).toMatchObject({ kind: 'customer_approval_approved', subject: 'Your account at Northfield Supply Co. has been approved' });
    expect(approvedMail.text).toContain('https://shop.test/login');

    const tokens = await passwordGrant(account);
    expect(tokens.status).toBe(200);
    const me = { authorization: `Bearer ${tokens.body.access_token}` };
    // A profile update never changes the status.
    const updated = await shop.send<{ approvalStatus: string }>('PUT', '/api/rest/v2/customers/me', { json: { firstName: 'Augusta' }, headers: me });
    expect(updated.status).toBe(200);
    expect(updated.body.approvalStatus).toBe('active');
    const rotated = await refresh(tokens.body.refresh_token);
    expect(rotated.status).toBe(200);

    expect((await decide(account.id, 'decline')).body).toMatchObject({ approvalStatus: 'rejected', previousStatus: 'active' });
    expect((await mails(account.email)).at(-1)).toMatchObject({ kind: 'customer_approval_rejected' });
    const afterRejection = await refresh(rotated.body.refresh_token);
    expect(afterRejection.status).toBe(403);
    expect(afterRejection.body).toEqual({ error: 'account_rejected', message: rejected });
    expect((await passwordGrant(account)).body).toMatchObject({ error: 'account_rejected', message: rejected });
    expect((await login(account)).status).toBe(403);

    expect((await decide(account.id, 'set-pending')).body).toMatchObject({ approvalStatus: 'pending', isApproved: false });
    expect((await mails(account.email)).at(-1)).toMatchObject({ kind: 'customer_approval_pending' });
    expect((await login(account)).body).toMatchObject({ error: 'account_pending_approval', message: blocked });

    // Deciding what the account already is sends nothing new but is still recorded.
    const before = (await mails(account.email)).length;
    expect((await decide(account.id, 'set-pending')).body).toMatchObject({ changed: false });
    expect(await mails(account.email)).toHaveLength(before);

    const audit = await shop.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.subject, `customer:${account.id}`), eq(adminAuditLog.action, 'customer.status_changed')))
      .orderBy(asc(adminAuditLog.id));
    expect(audit.map((entry) => entry.diff)).toEqual([
      { approvalStatus: { from: 'pending', to: 'active' } },
      { approvalStatus: { from: 'active', to: 'rejected' } },
      { approvalStatus: { from: 'rejected', to: 'pending' } },
      { approvalStatus: { from: 'pending', to: 'pending' } },
    ]);
    expect(audit.every((entry) => entry.actorEmail === 'admin@example.com')).toBe(true);
  });

  it('lists accounts by approval status and refuses bad input and non-admins with 4xx JSON', async () => {
    const account = await register('listed');
    const list = await shop.send<{ member: { id: number; approvalStatus: string; isApproved: boolean }[]; totalItems: number }>(
      'GET',
      `/api/rest/v2/admin/customers?approvalStatus=pending&search=${encodeURIComponent(account.email)}`,
      { headers: admin },
    );
    expect(list.status).toBe(200);
    expect(list.body.member).toEqual([expect.objectContaining({ id: account.id, approvalStatus: 'pending', isApproved: false })]);
    const active = await shop.send<{ member: { approvalStatus: string }[] }>('GET', '/api/rest/v2/admin/customers?approvalStatus=active&itemsPerPage=100', { headers: admin });
    expect(active.body.member.every((m) => m.approvalStatus === 'active')).toBe(true);

    expect((await shop.send('GET', '/api/rest/v2/admin/customers?approvalStatus=maybe', { headers: admin })).status).toBe(400);
    const badId = await decide('abc', 'approve');
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await decide(2_000_000_000, 'approve')).status).toBe(404);
    expect((await decide(account.id, 'approve', {})).status).toBe(401);
    expect(await statusOf(account.id)).toBe('pending');
  });

  it('offers the approval column, row actions, bulk decisions, the history page and the dashboard card in the admin', async () => {
    const first = await register('bulk-a');
    const second = await register('bulk-b');
    const browser = adminBrowser(shop);
    await browser.signIn();
    const dashboard = await browser.request('GET', '/admin');
    expect(dashboard.html).toMatch(/\d+ accounts? waiting<\/strong><br \/><a href="\/admin\/customer-approval\?status=pending">Accounts awaiting approval/);
    const grid = await browser.request('GET', `/admin/customers?q=${first.email}`);
    expect(grid.html).toContain('<th>Approval</th>');
    expect(grid.html).toContain('action="/admin/customer-approval/approve"');
    const list = await browser.request('GET', '/admin/customer-approval?status=pending');
    expect(list.html).toContain(first.email);
    const bulk = await browser.request('POST', '/admin/customer-approval/approve', {
      _csrf: browser.csrfOf(list.html),
      ids: String(first.id),
      returnTo: '/admin/customer-approval?status=pending',
    });
    expect(bulk.status).toBe(303);
    // Two checked boxes: the form sends `ids` twice.
    const page = await browser.request('GET', '/admin/customer-approval?status=pending');
    const twice = await shop.app.request('/admin/customer-approval/decline', {
      method: 'POST',
      headers: { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      body: `_csrf=${encodeURIComponent(browser.csrfOf(page.html))}&ids=${first.id}&ids=${second.id}&confirmed=yes`,
    });
    expect(twice.status).toBe(303);
    expect(await statusOf(first.id)).toBe('rejected');
    expect(await statusOf(second.id)).toBe('rejected');
    // The customer's own admin page shows the status, the decisions and the history.
    for (const path of [`/admin/customers/${first.id}`, `/admin/customer-approval/customers/${first.id}`]) {
      const history = await browser.request('GET', path);
      expect(history.html).toContain('<strong data-approval-status>rejected</strong>');
      expect(history.html).toContain('approvalStatus: pending → active');
      expect(history.html).toContain('approvalStatus: active → rejected');
    }
    const customerPage = await browser.request('GET', `/admin/customers/${second.id}`);
    const unconfirmed = await browser.request('POST', '/admin/customer-approval/set-pending', { _csrf: browser.csrfOf(customerPage.html), id: String(second.id), returnTo: `/admin/customers/${second.id}` });
    expect(unconfirmed.status).toBe(200);
    expect(unconfirmed.html).toContain(`Set pending ${second.firstName} ${second.lastName}?`);
    expect(await statusOf(second.id)).toBe('rejected');
    const reopened = await browser.request('POST', '/admin/customer-approval/set-pending', { _csrf: browser.csrfOf(customerPage.html), id: String(second.id), returnTo: `/admin/customers/${second.id}`, confirmed: 'yes' });
    expect(reopened.location).toBe(`/admin/customers/${second.id}?flash=saved`);
    expect(await statusOf(second.id)).toBe('pending');
  });
});

import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, customers, mailOutbox } from '../../platform/db/schema/index.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import b2bRegistration from './index.ts';
import { b2bRegistrationApplications } from './tables.ts';
import customerApproval from '../customer-approval/index.ts';
import { adminBearer, adminBrowser } from '../../../test/helpers/admin-session.ts';
import { shopper } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

const base = '/api/rest/v2/admin/b2b-registration';
const wholesaleGroupId = 2;

interface Application {
  id: number;
  status: string;
  customerId: number;
  createdCustomer: boolean;
  submissionId: number;
  payload: Record<string, unknown>;
  attributes: Record<string, string>;
  note: string | null;
  decidedBy: string | null;
}

describe.each(dialects)('B2B registration (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  let nextSubmission = 1000;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [b2bRegistration, customerApproval], mailer: createMailer({ storefrontUrl: 'https://shop.test' }) });
    admin = await adminBearer(shop);
    for (const [path, json] of [
      ['/api/rest/v2/admin/customer-approval/config', { enabled: true, requireApprovalForNewRegistrations: false, notifyEmails: ['sales@northfield.example'] }],
      [`${base}/config`, { enabled: true, formCodes: ['trade-application'], b2bGroupId: wholesaleGroupId, overrideMap: { contactName: 'fullName', company: 'company', taxNumber: 'taxvat' } }],
    ] as const) {
      const saved = await shop.send('PUT', path, { json, headers: admin });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  /** What Custom Forms does after persisting a submission: publish the event (then delivery runs). */
  const submit = async (email: string, options: { formCode?: string; submissionId?: number } = {}) => {
    const submissionId = options.submissionId ?? nextSubmission++;
    const payload = { submissionId, formCode: options.formCode ?? 'trade-application', storeCode: 'default', createdAt: '2026-11-24 06:00:00', payload: { email, contactName: 'Mary Jackson', company: 'Jackson Tools Ltd', taxNumber: 'GB123', consent: true }, labels: { email: 'Email', contactName: 'Contact name', company: 'Company', taxNumber: 'VAT / ABN', consent: 'I agree to the trade terms' } };
    await shop.modules.notifications.publish(shop.database.db, 'customforms_submission_saved', payload);
    await shop.modules.notifications.deliverDue();
    return submissionId;
  };
  const applicationsOf = (email: string) =>
    shop.database.db
      .select({ application: b2bRegistrationApplications })
      .from(b2bRegistrationApplications)
      .innerJoin(customers, eq(customers.id, b2bRegistrationApplications.customerId))
      .where(eq(customers.email, email))
      .then((rows) => rows.map((row) => row.application));
  const customerOf = async (email: string) => (await shop.database.db.select().from(customers).where(eq(customers.email, email)))[0];
  const mails = (to: string) => shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
  const newEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@trade.example`;
  const decide = (id: number | string, action: string, json?: unknown, headers = admin) => shop.send<Application>('POST', `${base}/applications/${id}/${action}`, { json, headers });
  const login = (email: string, password: string) => shop.send<{ access_token: string }>('POST', '/api/rest/v2/auth/login', { json: { email, password } });

  it('publishes its discovery answer', async () => {
    const answer = await shop.get('/api/rest/v2/b2b/registration/config');
    expect(answer.body).toEqual({ enabled: true, formCodes: ['trade-application'], applyPath: '/trade-account' });
  });

  it('turns a nominated submission into a pending account and an application, once, whatever the redeliveries', async () => {
    const email = newEmail('apply');
    const submissionId = await submit(email);
    await submit(email, { submissionId });
    await submit(email, { submissionId });
    const customer = await customerOf(email);
    expect(customer).toMatchObject({ approvalStatus: 'pending', firstName: 'Mary', lastName: 'Jackson', groupId: 1 });
    const [application, ...more] = await applicationsOf(email);
    expect(more).toEqual([]);
    expect(application).toMatchObject({ status: 'pending', createdCustomer: true, submissionId, attributes: { fullName: 'Mary Jackson', company: 'Jackson Tools Ltd', taxvat: 'GB123' } });
    expect(application!.payload).toMatchObject({ email, company: 'Jackson Tools Ltd', consent: true });
    // Customer Approval's emails: the applicant hears it awaits approval, the admins get a notice.
    expect((await mails(email)).map((m) => m.kind)).toEqual(['customer_approval_pending']);
    expect((await mails('sales@northfield.example')).filter((m) => m.text.includes(email))).toHaveLength(1);
    // Nobody knows the password: the account cannot be signed in to.
    expect((await login(email, 'Original#2026')).status).toBe(401);

    const other = newEmail('contact');
    await submit(other, { formCode: 'contact' });
    expect(await customerOf(other)).toBeUndefined();

    const shown = await shop.send<Application>('GET', `${base}/applications/${application!.id}`, { headers: admin });
    expect(shown.body).toMatchObject({ id: application!.id, status: 'pending', customerId: customer!.id, payload: { email } });
    const listed = await shop.send<{ member: Application[] }>('GET', `${base}/applications?status=pending&search=${encodeURIComponent(email)}`, { headers: admin });
    expect(listed.body.member.map((a) => a.id)).toEqual([application!.id]);
  });

  it('approves in one step: account active and in the B2B group, a set-password link that works once, note kept and audited', async () => {
    const email = newEmail('approve');
    await submit(email);
    const [application] = await applicationsOf(email);
    const approved = await decide(application!.id, 'approve', { note: 'Welcome aboard.' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', note: 'Welcome aboard.', decidedBy: 'admin@example.com' });
    expect(await customerOf(email)).toMatchObject({ approvalStatus: 'active', groupId: wholesaleGroupId });
    const mail = (await mails(email)).find((m) => m.kind === 'b2b_registration_approved');
    expect(mail!.text).toContain('Welcome aboard.');
    const href = /https:\/\/shop\.test\/account\/set-password\?token=[\w-]+/.exec(mail!.text)?.[0];
    expect(href).toBeDefined();
    const token = new URL(href!).searchParams.get('token')!;
    const set = await shop.send('POST', '/api/rest/v2/customers/password/reset', { json: { token, newPassword: 'Wholesale#2026' } });
    expect(set.status).toBe(200);
    expect((await login(email, 'Wholesale#2026')).status).toBe(200);
    const again = await shop.send('POST', '/api/rest/v2/customers/password/reset', { json: { token, newPassword: 'Another#2026' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_token', details: { reason: 'used' } });

    const audit = await shop.database.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.module, 'b2b-registration'), eq(adminAuditLog.action, 'application.approved')));
    expect(audit.find((entry) => entry.subject === `customer:${application!.customerId}`)?.diff).toMatchObject({ note: { to: 'Welcome aboard.' } });
    expect((await decide(application!.id, 'decline')).status).toBe(409);
  });

  it('completes the application when the account is approved from the customers grid', async () => {
    const email = newEmail('grid');
    await submit(email);
    const customer = await customerOf(email);
    const approved = await shop.send('POST', `/api/rest/v2/admin/customers/${customer!.id}/approve`, { headers: admin });
    expect(approved.status).toBe(200);
    const [application] = await applicationsOf(email);
    expect(application).toMatchObject({ status: 'approved' });
    expect(await customerOf(email)).toMatchObject({ approvalStatus: 'active', groupId: wholesaleGroupId });
    // One approval email: the trade one with the set-password link (Customer Approval's generic one would say "sign in" to an account without a password).
    expect((await mails(email)).map((m) => m.kind)).toEqual(['customer_approval_pending', 'b2b_registration_approved']);
  });

  it('declines: application declined, account rejected, decline email', async () => {
    const email = newEmail('decline');
    await submit(email);
    const [application] = await applicationsOf(email);
    const declined = await decide(application!.id, 'decline', { note: 'We only supply registered builders.' });
    expect(declined.body).toMatchObject({ status: 'declined', note: 'We only supply registered builders.' });
    expect(await customerOf(email)).toMatchObject({ approvalStatus: 'rejected', groupId: 1 });
    const mail = (await mails(email)).find((m) => m.kind === 'b2b_registration_declined');
    expect(mail!.text).toContain('We only supply registered builders.');
    expect((await decide(application!.id, 'approve')).status).toBe(409);

    // Applying again: the rejected account goes back to pending with a new application.
    await submit(email);
    expect(await customerOf(email)).toMatchObject({ approvalStatus: 'pending' });
    expect((await applicationsOf(email)).map((a) => a.status)).toEqual(['declined', 'pending']);

    // Applied twice before anyone looked: one approval of the account decides both, with one email.
    await submit(email);
    const customer = await customerOf(email);
    expect((await shop.send('POST', `/api/rest/v2/admin/customers/${customer!.id}/approve`, { headers: admin })).status).toBe(200);
    expect((await applicationsOf(email)).map((a) => a.status).sort()).toEqual(['approved', 'approved', 'declined']);
    expect((await mails(email)).filter((m) => m.kind === 'b2b_registration_approved')).toHaveLength(1);
  });

  it('attaches an application to an existing active customer, who stays active until it is decided', async () => {
    await submit(shopper.email);
    const customer = await customerOf(shopper.email);
    expect(customer).toMatchObject({ approvalStatus: 'active', groupId: 1 });
    const [application] = await applicationsOf(shopper.email);
    expect(application).toMatchObject({ status: 'pending', createdCustomer: false });
    expect((await login(shopper.email, shopper.password)).status).toBe(200);
    const approved = await decide(application!.id, 'approve');
    expect(approved.body.status).toBe('approved');
    expect(await customerOf(shopper.email)).toMatchObject({ approvalStatus: 'active', groupId: wholesaleGroupId });
    const mail = (await mails(shopper.email)).find((m) => m.kind === 'b2b_registration_approved');
    expect(mail!.text).toContain('https://shop.test/login');
    expect(mail!.text).not.toContain('set-password');
  });

  it('answers bad input on the admin API with 4xx JSON and changes nothing', async () => {
    const email = newEmail('bad');
    await submit(email);
    const [application] = await applicationsOf(email);
    for (const answer of [
      await shop.send('GET', `${base}/applications?status=maybe`, { headers: admin }),
      await decide('abc', 'approve'),
      await decide(application!.id, 'approve', { note: 42 }),
      await decide(application!.id, 'approve', { note: 'ok', extra: true }),
      await decide(application!.id, 'approve', { note: 'x'.repeat(2001) }),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await decide(2_000_000_000, 'approve')).status).toBe(404);
    expect((await decide(application!.id, 'approve', undefined, {})).status).toBe(401);
    expect((await shop.send('PUT', `${base}/config`, { json: { b2bGroupId: 0 }, headers: admin })).status).toBe(400);
    expect((await shop.send('PUT', `${base}/config`, { json: { overrideMap: { company: 'shoeSize' } }, headers: admin })).status).toBe(400);
    expect((await applicationsOf(email)).map((a) => a.status)).toEqual(['pending']);
    expect(await customerOf(email)).toMatchObject({ approvalStatus: 'pending' });
  });

  it('lists, shows and decides applications in the admin panel', async () => {
    const email = newEmail('panel');
    await submit(email);
    const [application] = await applicationsOf(email);
    const browser = adminBrowser(shop);
    await browser.signIn();
    // The configuration page: the group as a picker, the override map as JSON.
    const settings = await browser.request('GET', '/admin/b2b-registration/config');
    expect(settings.html).toMatch(/<select name="b2bGroupId"[^>]*>[\s\S]*?<option value="2" selected>Wholesale<\/option>/);
    expect(settings.html).toContain('&quot;taxNumber&quot;: &quot;taxvat&quot;');
    const grid = await browser.request('GET', '/admin/b2b-registration?status=pending');
    expect(grid.html).toContain(email);
    expect(grid.html).toContain('Jackson Tools Ltd');
    const customersGrid = await browser.request('GET', `/admin/customers?q=${email}`);
    expect(customersGrid.html).toContain(`#${application!.id} pending`);
    const detail = await browser.request('GET', `/admin/b2b-registration/applications/${application!.id}`);
    expect(detail.html).toContain('GB123');
    // The answers under the form's labels, as the submissions list shows them, not the field keys.
    expect(detail.html).toContain('<th scope="row">VAT / ABN</th><td>GB123</td>');
    expect(detail.html).not.toMatch(/<th scope="row">taxNumber<\/th>/);
    const decided = await browser.request('POST', `/admin/b2b-registration/applications/${application!.id}/decide`, { _csrf: browser.csrfOf(detail.html), decision: 'approve', note: 'Checked the VAT number.' });
    expect(decided.status).toBe(303);
    expect(await customerOf(email)).toMatchObject({ approvalStatus: 'active', groupId: wholesaleGroupId });
    const after = await browser.request('GET', `/admin/b2b-registration/applications/${application!.id}`);
    expect(after.html).toContain('note: Checked the VAT number.');
    // The customer's admin page shows the application with its payload, and the decision in the history.
    const customerPage = await browser.request('GET', `/admin/customers/${application!.customerId}`);
    expect(customerPage.html).toContain(`Application #${application!.id}</a>: approved`);
    expect(customerPage.html).toContain('GB123');
    expect(customerPage.html).toContain(`application.${application!.id}.status: pending → approved`);
  });
});

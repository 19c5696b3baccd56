/**
 * The customers admin REST API (issue 33 item 9; DECISIONS.md 25 and 42): create, read and change an
 * account over HTTP with an admin token, ETag / If-Match, audit entries, and the errors an integration
 * meets.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, mailOutbox } from '../../platform/db/schema/index.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import customerApproval from '../../modules/customer-approval/index.ts';
import { adminBearer, adminBrowser } from '../../../test/helpers/admin-session.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { parsePage, textOf } from '../../../test/helpers/html.ts';
import { dialects, openTestShop, type ErrorAnswer, type TestShop } from '../../../test/helpers/test-shop.ts';

interface AdminCustomer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  groupId: number;
  groupCode: string;
  approvalStatus: string;
  isApproved: boolean;
}
type Answer = AdminCustomer & ErrorAnswer & { details?: { field: string }[] };

const base = '/api/rest/v2/admin/customers';
const unique = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

describe.each(dialects)('customers admin API (%s)', (dialect) => {
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

  const create = (json: unknown, headers = admin) => shop.send<Answer>('POST', base, { json, headers });
  const read = (id: number | string, headers = admin) => shop.send<Answer>('GET', `${base}/${id}`, { headers });
  const patch = (id: number | string, json: unknown, headers: Record<string, string> = admin) => shop.send<Answer>('PATCH', `${base}/${id}`, { json, headers });
  const mails = (to: string) => shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
  const audit = (id: number) => shop.database.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.subject, `customer:${id}`), like(adminAuditLog.action, 'customer.%'))).orderBy(asc(adminAuditLog.id));
  const newAccount = async (extra: Record<string, unknown> = {}) => {
    const answer = await create({ email: unique('buyer'), firstName: 'Ada', lastName: 'Lovelace', password: 'Original#2026', ...extra });
    expect(answer.status).toBe(201);
    return answer;
  };

  it('creates an account in a group with a password; the customer signs in with it; the answer carries ETag and Location', async () => {
    const email = unique('Wholesale');
    const created = await create({ email, firstName: 'Grace', lastName: 'Hopper', groupId: 2, password: 'Original#2026' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: email.toLowerCase(), firstName: 'Grace', lastName: 'Hopper', groupId: 2, approvalStatus: 'active', isApproved: true });
    expect(created.headers.get('location')).toBe(`${base}/${created.body.id}`);
    expect(created.headers.get('etag')).toMatch(/^"customer-\d+-/);
    await bearerFor(shop, { email, password: 'Original#2026' });
    expect((await mails(email.toLowerCase())).map((mail) => mail.kind)).not.toContain('account_opened');
    expect((await audit(created.body.id)).map((entry) => entry.action)).toEqual(['customer.created', 'customer.group_changed']);
  });

  it('without a password emails a set-password link, and a named status is set', async () => {
    const email = unique('invited');
    const created = await create({ email, firstName: 'Mary', lastName: 'Somerville', approvalStatus: 'pending' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ groupId: 1, approvalStatus: 'pending', isApproved: false });
    const [mail] = await mails(email);
    expect(mail?.kind).toBe('account_opened');
    expect(mail?.text).toMatch(/Hello Mary,\n\nan account at .+ was opened for you/);
    expect(mail?.text).toContain('https://shop.test/account/set-password?token=');
  });

  it('reads an account with the same ETag until it changes', async () => {
    const { body, headers } = await newAccount();
    const first = await read(body.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual(body);
    expect(first.headers.get('etag')).toBe(headers.get('etag'));
    expect(first.headers.get('cache-control')).toBe('no-store');
  });

  it('changes the group, names, email and status sent, with If-Match; each change is audited', async () => {
    const { body: account } = await newAccount();
    const customer = await bearerFor(shop, { email: account.email, password: 'Original#2026' });
    const loaded = await read(account.id);
    const newEmail = unique('moved');
    const changed = await patch(account.id, { groupId: 2, firstName: 'Augusta', lastName: 'King', email: newEmail }, { ...admin, 'if-match': loaded.headers.get('etag')! });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: account.id, groupId: 2, firstName: 'Augusta', lastName: 'King', email: newEmail, approvalStatus: 'active' });
    expect(changed.headers.get('etag')).not.toBe(loaded.headers.get('etag'));
    expect((await read(account.id)).body).toEqual(changed.body);
    // As with the customer's own email change: the old address is told and the old tokens end.
    expect((await mails(account.email)).map((mail) => mail.kind)).toContain('email_changed');
    const me = await shop.send('GET', '/api/rest/v2/customers/me', { headers: customer });
    expect(me.status).toBe(401);
    await bearerFor(shop, { email: newEmail, password: 'Original#2026' });

    const declined = await patch(account.id, { approvalStatus: 'rejected' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ approvalStatus: 'rejected', isApproved: false });
    const entries = await audit(account.id);
    expect(entries.map((entry) => entry.action)).toEqual(['customer.created', 'customer.updated', 'customer.group_changed', 'customer.status_changed']);
    expect(entries[1]?.diff).toMatchObject({ email: { from: account.email, to: newEmail }, firstName: { from: 'Ada', to: 'Augusta' } });
    expect(entries[1]?.actorEmail).toBe('admin@example.com');
  });

  it('refuses a stale If-Match with 412 and changes nothing', async () => {
    const { body: account, headers } = await newAccount();
    const stale = headers.get('etag')!;
    expect((await patch(account.id, { firstName: 'First' }, { ...admin, 'if-match': stale })).status).toBe(200);
    const refused = await patch(account.id, { groupId: 2 }, { ...admin, 'if-match': stale });
    expect(refused.status).toBe(412);
    expect(refused.body.error).toBe('stale_version');
    expect((await read(account.id)).body).toMatchObject({ firstName: 'First', groupId: 1 });
  });

  it('answers bad input with 400 naming the field', async () => {
    const { body: account } = await newAccount();
    const fieldsOf = (answer: { body: Answer }) => (answer.body.details ?? []).map((detail) => detail.field);
    const badEmail = await create({ email: 'not-an-email', firstName: 'A', lastName: 'B' });
    expect(badEmail.status).toBe(400);
    expect(fieldsOf(badEmail)).toContain('email');
    const weak = await create({ email: unique('weak'), firstName: 'A', lastName: 'B', password: 'short' });
    expect(weak.status).toBe(400);
    expect(fieldsOf(weak)).toContain('password');
    const status = await patch(account.id, { approvalStatus: 'banned' });
    expect(status.status).toBe(400);
    expect(fieldsOf(status)).toContain('approvalStatus');
    const emptyName = await patch(account.id, { lastName: '  ' });
    expect(emptyName.status).toBe(400);
    expect(fieldsOf(emptyName)).toContain('lastName');
    for (const groupId of [0, 999]) {
      const group = await patch(account.id, { groupId });
      expect(group.status).toBe(400);
      expect(fieldsOf(group)).toContain('groupId');
    }
    expect((await read('abc')).status).toBe(400);
    expect((await read(account.id)).body).toEqual(account);
  });

  it('answers an unknown id with 404', async () => {
    expect((await read(2_000_000_000)).body.error).toBe('customer_not_found');
    expect((await patch(2_000_000_000, { firstName: 'X' })).status).toBe(404);
  });

  it('answers a taken email with 409, on create and on change', async () => {
    const { body: first } = await newAccount();
    const { body: second } = await newAccount();
    const again = await create({ email: first.email.toUpperCase(), firstName: 'A', lastName: 'B' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('email_taken');
    const moved = await patch(second.id, { email: first.email, firstName: 'Changed' });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toBe('email_taken');
    expect((await read(second.id)).body).toEqual(second);
  });

  it('refuses a customer token with 403 and no token with 401', async () => {
    const { body: account } = await newAccount();
    const customer = await bearerFor(shop, { email: account.email, password: 'Original#2026' });
    for (const answer of [await create({ email: unique('x'), firstName: 'A', lastName: 'B' }, customer), await read(account.id, customer), await patch(account.id, { groupId: 2 }, customer)]) {
      expect(answer.status).toBe(403);
    }
    for (const answer of [await create({ email: unique('x'), firstName: 'A', lastName: 'B' }, {}), await read(account.id, {}), await patch(account.id, { groupId: 2 }, {})]) {
      expect(answer.status).toBe(401);
    }
    expect((await read(account.id)).body.groupId).toBe(1);
  });

  it('the admin page saves names, email and group through the same service, and shows a taken email beside its field', async () => {
    const { body: account } = await newAccount();
    const { body: other } = await newAccount();
    const browser = adminBrowser(shop);
    await browser.signIn();
    const page = await browser.request('GET', `/admin/customers/${account.id}`);
    const etag = /name="_etag" value="([^"]+)"/.exec(page.html)?.[1]?.replaceAll('&quot;', '"');
    expect(etag).toBe((await read(account.id)).headers.get('etag'));
    const form = { _csrf: browser.csrfOf(page.html), _etag: etag!, firstName: 'Ada', lastName: 'Byron', email: account.email, groupId: '2' };
    const saved = await browser.request('POST', `/admin/customers/${account.id}`, form);
    expect(saved.status).toBe(303);
    expect((await read(account.id)).body).toMatchObject({ lastName: 'Byron', groupId: 2 });
    expect((await audit(account.id)).map((entry) => entry.action)).toEqual(['customer.created', 'customer.updated', 'customer.group_changed']);

    const stale = await browser.request('POST', `/admin/customers/${account.id}`, { ...form, lastName: 'Stale' });
    expect(stale.status).toBe(412);
    const fresh = await browser.request('GET', `/admin/customers/${account.id}`);
    const taken = await browser.request('POST', `/admin/customers/${account.id}`, { _csrf: browser.csrfOf(fresh.html), email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.html).toContain('Already registered.');
    expect((await read(account.id)).body).toMatchObject({ email: account.email, lastName: 'Byron' });
  });

  it('refuses a blank or taken group name beside the field it was typed in, keeping what was typed', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const blank = await browser.submit('/admin/customer-groups', '/admin/customer-groups/2', { code: '  ' });
    expect(blank.status).toBe(400);
    const renamed = parsePage(blank.html).one('form[action="/admin/customer-groups/2"] input[name="code"]');
    expect(renamed.attribs).toMatchObject({ 'aria-invalid': 'true', value: '  ' });
    expect(textOf(parsePage(blank.html).one(`#${renamed.attribs['aria-describedby']}[role="alert"]`))).toBe('Give the group a name.');
    const taken = await browser.submit('/admin/customer-groups', '/admin/customer-groups', { code: 'Wholesale' });
    expect(taken.status).toBe(400);
    const added = parsePage(taken.html).one('form[action="/admin/customer-groups"] input[name="code"]');
    expect(added.attribs.value).toBe('Wholesale');
    expect(textOf(parsePage(taken.html).one(`#${added.attribs['aria-describedby']}[role="alert"]`))).toBe('A group named "Wholesale" already exists.');
    expect(parsePage((await browser.request('GET', '/admin/customer-groups')).html).one('form[action="/admin/customer-groups/2"] input[name="code"]').attribs.value).toBe('Wholesale');
  });
});

describe.each(dialects)('customers admin API with approval required (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [customerApproval], mailer: createMailer({ storefrontUrl: 'https://shop.test' }) });
    admin = await adminBearer(shop);
    const config = { enabled: true, requireApprovalForNewRegistrations: true, blockedLoginMessage: 'We review new accounts.', rejectedLoginMessage: 'Not approved.', notifyEmails: [] };
    expect((await shop.send('PUT', '/api/rest/v2/admin/customer-approval/config', { json: config, headers: admin })).status).toBe(200);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('starts an account pending like a sign-up, unless the admin names its status, which is set as an approval', async () => {
    const account = { firstName: 'Ada', lastName: 'Lovelace', password: 'Original#2026' };
    const waiting = await shop.send<AdminCustomer>('POST', base, { json: { ...account, email: unique('waiting') }, headers: admin });
    expect(waiting.body.approvalStatus).toBe('pending');
    const email = unique('approved');
    const approved = await shop.send<AdminCustomer>('POST', base, { json: { ...account, email, approvalStatus: 'active' }, headers: admin });
    expect(approved.status).toBe(201);
    expect(approved.body.approvalStatus).toBe('active');
    await bearerFor(shop, { email, password: account.password });
    const actions = await shop.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.subject, `customer:${approved.body.id}`)).orderBy(asc(adminAuditLog.id));
    expect(actions.map((entry) => entry.action)).toEqual(['customer.created', 'customer.status_changed']);
  });
});

/**
 * The admin audit log (issue 11 §4, DECISIONS.md 25): recordAudit, GET /api/rest/v2/admin/audit-log
 * (admin token only, paged, newest first, filters) and the admin page System → Audit log, with the
 * core's own entries (customer group and status changes).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../auth/api-clients.ts';
import { configDiff } from './config-diff.ts';
import { recordAudit, type AuditEntry } from './service.ts';
import { changeCustomerStatus } from '../../domains/customers/status.ts';
import { adminUsers, customers } from '../db/schema/index.ts';
import { HookRegistry } from '../modules/hooks.ts';
import { adminBrowser, adminBearer, testAdmin } from '../../../test/helpers/admin-session.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { shopper, tradeBuyer } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface AuditPage {
  member: AuditEntry[];
  totalItems: number;
  page: number;
  itemsPerPage: number;
}

describe.each(dialects)('admin audit log (%s)', (dialect) => {
  let shop: TestShop;
  let admin: { authorization: string };
  let adminId: number;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
    admin = await adminBearer(shop);
    [{ id: adminId }] = (await shop.database.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, testAdmin.email))) as [{ id: number }];
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const log = (query = '', headers: Record<string, string> = admin) => shop.send<AuditPage>('GET', `/api/rest/v2/admin/audit-log${query}`, { headers });
  const customerId = async (email: string) => (await shop.database.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email)))[0]!.id;

  it('answers 401 without a token and 403 to customers and API clients', async () => {
    const none = await log('', {});
    expect([none.status, none.body]).toMatchObject([401, { error: 'admin_token_required' }]);
    const customer = await log('', await bearerFor(shop, shopper));
    expect([customer.status, customer.body]).toMatchObject([403, { error: 'admin_scope_required' }]);
    const client = await createApiClient(shop.database.db, 'ERP');
    const clientToken = await shop.send<{ access_token: string }>('POST', '/api/rest/v2/auth/token', {
      form: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
    });
    expect((await log('', { authorization: `Bearer ${clientToken.body.access_token}` })).status).toBe(403);
    expect((await log('')).body).toEqual({ member: [], totalItems: 0, page: 1, itemsPerPage: 20 });
  });

  it("records the admin's customer group change from the customers page", async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const id = await customerId(shopper.email);
    const page = await browser.request('GET', `/admin/customers/${id}`);
    await browser.request('POST', `/admin/customers/${id}`, { _csrf: browser.csrfOf(page.html), groupId: '2' });
    // Saving the group it already has changes and records nothing.
    await browser.request('POST', `/admin/customers/${id}`, { _csrf: browser.csrfOf(page.html), groupId: '2' });
    const { body } = await log();
    expect(body.totalItems).toBe(1);
    expect(body.member[0]).toMatchObject({
      actor: { type: 'admin', id: adminId, email: testAdmin.email },
      module: 'core',
      action: 'customer.group_changed',
      subject: `customer:${id}`,
      diff: { groupId: { from: 1, to: 2 }, group: { from: 'General', to: 'Wholesale' } },
    });
    expect(body.member[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('records status changes, module entries with masked secrets, newest first, paged and filtered', async () => {
    const db = shop.database.db;
    await changeCustomerStatus(db, new HookRegistry(), { customerId: await customerId(tradeBuyer.email), to: 'pending', actor: 'system' });
    const diff = configDiff({ enabled: false, captcha: { secretKey: '' } }, { enabled: true, captcha: { secretKey: 'sk-live-123' } }, ['captcha.secretKey']);
    await recordAudit(db, { actor: { id: adminId, email: testAdmin.email }, module: 'custom-forms', action: 'config.updated', diff });

    const all = await log('?itemsPerPage=2');
    expect(all.body).toMatchObject({ totalItems: 3, page: 1, itemsPerPage: 2 });
    expect(all.body.member.map((e) => e.action)).toEqual(['config.updated', 'customer.status_changed']);
    expect(all.body.member[0]!.diff).toEqual({ enabled: { from: false, to: true }, 'captcha.secretKey': { from: '', to: '********' } });
    expect(JSON.stringify(all.body)).not.toContain('sk-live-123');
    expect(all.body.member[1]).toMatchObject({ actor: { type: 'system', id: null, email: null }, diff: { approvalStatus: { from: 'active', to: 'pending' } } });
    const second = await log('?itemsPerPage=2&page=2');
    expect(second.body.member.map((e) => e.action)).toEqual(['customer.group_changed']);

    expect((await log('?module=custom-forms')).body.member.map((e) => e.action)).toEqual(['config.updated']);
    expect((await log('?module=core')).body.totalItems).toBe(2);
    expect((await log('?actor=system')).body.member.map((e) => e.action)).toEqual(['customer.status_changed']);
    expect((await log(`?actor=${encodeURIComponent(testAdmin.email.toUpperCase())}`)).body.totalItems).toBe(2);
    expect((await log('?module=core&actor=system')).body.totalItems).toBe(1);
    expect((await log('?itemsPerPage=0')).status).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await shop.get('/api/rest/v2/docs.json')).body as { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
    const operation = doc.paths['/api/rest/v2/admin/audit-log']?.get;
    expect(operation?.parameters?.map((p) => p.name).sort()).toEqual(['actor', 'itemsPerPage', 'module', 'page']);
  });

  it('lists the entries on System → Audit log with the same filters', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const dashboard = await browser.request('GET', '/admin');
    expect(dashboard.html).toContain('href="/admin/audit-log"');
    const page = await browser.request('GET', '/admin/audit-log');
    expect(page.status).toBe(200);
    expect(page.html).toContain('customer.group_changed');
    expect(page.html).toContain('config.updated');
    expect(page.html).toContain('<option value="custom-forms"');
    const filtered = await browser.request('GET', '/admin/audit-log?module=core&actor=system');
    expect(filtered.html).toContain('customer.status_changed');
    expect(filtered.html).not.toContain('customer.group_changed');
    expect(filtered.html).toContain('1 entry ·');
  });
});

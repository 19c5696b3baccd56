/**
 * Account status in the core (DECISIONS.md 19, 37, 45) and the hooks modules use to drive it:
 * `auth.beforeIssueToken`, `customer.beforeCreate`, `customer.statusChanging` (through the one
 * status service, called from a test module's route as the approval modules will call it).
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAdmin } from '../../platform/auth/resolve-caller.ts';
import { accountPendingApproval, defaultRefusalMessages, type ApprovalStatus } from './approval.ts';
import { changeCustomerStatus } from './status.ts';
import { adminAuditLog, customers, stores } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { defineModule } from '../../platform/modules/define-module.ts';
import { HookRegistry, type HookMap } from '../../platform/modules/hooks.ts';
import { adminBearer, testAdmin } from '../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Customer {
  id: number;
  email: string;
  firstName: string;
  approvalStatus: ApprovalStatus;
}
interface Tokens {
  access_token: string;
  refresh_token: string;
}

const password = 'Secret#2026';
const newAccount = (email: string) => ({ email, password, firstName: 'Ada', lastName: 'Lovelace' });

async function signUp(shop: TestShop, email: string, headers: Record<string, string> = {}) {
  const created = await shop.send<Customer>('POST', '/api/rest/v2/customers', { json: newAccount(email), headers });
  if (created.status !== 201) throw new Error(`sign-up of ${email} failed with ${created.status}`);
  return created.body;
}

const passwordGrant = (shop: TestShop, username: string) =>
  shop.send<Tokens>('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'password', username, password } });
const login = (shop: TestShop, email: string) => shop.send<Tokens>('POST', '/api/rest/v2/auth/login', { json: { email, password } });
const refresh = (shop: TestShop, token: string) =>
  shop.send<Tokens>('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'refresh_token', refresh_token: token } });

describe.each(dialects)('account status without modules (%s)', (dialect) => {
  let shop: TestShop;
  /** No module loaded: the core's own check alone. */
  const noHooks = new HookRegistry();
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const setStatus = (customerId: number, to: ApprovalStatus) => changeCustomerStatus(shop.database.db, noHooks, { customerId, to, actor: 'system' });

  it('creates active accounts and shows the status in /customers/me', async () => {
    const created = await signUp(shop, 'plain@example.com');
    expect(created.approvalStatus).toBe('active');
    const tokens = await login(shop, 'plain@example.com');
    expect(tokens.status).toBe(200);
    const me = await shop.send<Customer>('GET', '/api/rest/v2/customers/me', { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(me.body).toMatchObject({ email: 'plain@example.com', approvalStatus: 'active' });
  });

  it('refuses every token path to a pending account with account_pending_approval and the default message', async () => {
    const customer = await signUp(shop, 'later-pending@example.com');
    const before = await passwordGrant(shop, customer.email);
    expect(before.status).toBe(200);
    await setStatus(customer.id, 'pending');
    const expected = { error: 'account_pending_approval', error_description: defaultRefusalMessages.pending, message: defaultRefusalMessages.pending };
    for (const answer of [await passwordGrant(shop, customer.email), await login(shop, customer.email), await refresh(shop, before.body.refresh_token)]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(expected);
    }
  });

  it('refuses a rejected account with account_rejected, its refresh token included; approval lets it back in', async () => {
    const customer = await signUp(shop, 'later-rejected@example.com');
    const before = await login(shop, customer.email);
    await setStatus(customer.id, 'rejected');
    for (const answer of [await passwordGrant(shop, customer.email), await login(shop, customer.email), await refresh(shop, before.body.refresh_token)]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: 'account_rejected', message: defaultRefusalMessages.rejected });
    }
    await setStatus(customer.id, 'active');
    expect((await login(shop, customer.email)).status).toBe(200);
    // The refused refresh changed nothing, so the token still rotates once the account is active again.
    expect((await refresh(shop, before.body.refresh_token)).status).toBe(200);
  });

  it('never changes the status through a profile update', async () => {
    const customer = await signUp(shop, 'profile@example.com');
    const tokens = await login(shop, customer.email);
    const authorization = `Bearer ${tokens.body.access_token}`;
    const update = await shop.send<Customer>('PUT', '/api/rest/v2/customers/me', { json: { firstName: 'Grace', approvalStatus: 'rejected' }, headers: { authorization } });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ firstName: 'Grace', approvalStatus: 'active' });
    // DECISIONS.md 50: an access token issued before a status change is refused, so it cannot even try to reactivate the account.
    await setStatus(customer.id, 'pending');
    const meanwhile = await shop.send('PUT', '/api/rest/v2/customers/me', { json: { lastName: 'Hopper', approvalStatus: 'active' }, headers: { authorization } });
    expect([meanwhile.status, meanwhile.body.error]).toEqual([401, 'invalid_token']);
    expect((await shop.database.db.select({ s: customers.approvalStatus }).from(customers).where(eq(customers.id, customer.id)))[0]?.s).toBe('pending');
  });

  it('answers 404 for a status change of an unknown customer and records nothing', async () => {
    await expect(setStatus(99_999_999, 'active')).rejects.toMatchObject({ code: 'customer_not_found' });
    const entries = await shop.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.subject, 'customer:99999999'));
    expect(entries).toEqual([]);
  });
});

/** What the test module's handlers were asked, in order. */
const seenCreates: HookMap['customer.beforeCreate'][] = [];
const seenStatusChanges: HookMap['customer.statusChanging'][] = [];
/** Customers whose status the module refuses to change. */
const frozen = new Set<number>();
/** Pending accounts the module lets sign in anyway (a disabled approval module would). */
const letThrough = new Set<string>();

/** A stand-in for Customer Approval: new trade accounts start pending, with the module's own messages. */
const approvalModule = defineModule({
  id: 'test-approval',
  title: 'Test approval',
  hooks: [
    {
      hook: 'customer.beforeCreate',
      handle(input) {
        seenCreates.push({ ...input });
        if (input.email.startsWith('closed-')) throw new AppError('forbidden', 'registration_closed', 'Registration is closed.');
        if (input.email.endsWith('@trade.test')) input.approvalStatus = 'pending';
      },
    },
    {
      hook: 'auth.beforeIssueToken',
      handle(input) {
        if (letThrough.has(input.email)) input.approvalStatus = 'active';
        if (input.email.startsWith('custom-') && input.approvalStatus === 'pending') throw accountPendingApproval('The trade desk reviews new accounts within a day.');
      },
    },
    {
      hook: 'customer.statusChanging',
      handle(input) {
        seenStatusChanges.push({ ...input });
        if (frozen.has(input.customerId)) throw new AppError('conflict', 'status_locked', 'This account is under review elsewhere.');
      },
    },
  ],
  routes: {
    api: new Hono<AppEnv>().post('/test-approval/customers/:id/status', async (c) => {
      const actor = requireAdmin(c.var.caller);
      const { to } = await c.req.json<{ to: ApprovalStatus }>();
      return c.json(await changeCustomerStatus(c.var.db, c.var.hooks, { customerId: Number(c.req.param('id')), to, actor }));
    }),
  },
});

describe.each(dialects)('account hooks in a module (%s)', (dialect) => {
  let shop: TestShop;
  let admin: { authorization: string };
  beforeAll(async () => {
    // The module's state is shared by the dialects' runs.
    for (const state of [seenCreates, seenStatusChanges]) state.length = 0;
    frozen.clear();
    letThrough.clear();
    shop = await openTestShop(dialect, { modules: [approvalModule] });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const statusOf = async (id: number) => (await shop.database.db.select({ s: customers.approvalStatus }).from(customers).where(eq(customers.id, id)))[0]?.s;
  const changeStatus = (id: number, to: ApprovalStatus, headers: Record<string, string> = admin) =>
    shop.send<{ from: string; to: string; changed: boolean }>('POST', `/api/rest/v2/test-approval/customers/${id}/status`, { json: { to }, headers });

  it('customer.beforeCreate makes a registration pending: 201 says so and no token is issued', async () => {
    const [au] = await shop.database.db.select().from(stores).where(eq(stores.code, 'au'));
    const created = await signUp(shop, 'buyer@trade.test', { 'x-store-code': 'au' });
    expect(created.approvalStatus).toBe('pending');
    expect(seenCreates.at(-1)).toEqual({ email: 'buyer@trade.test', firstName: 'Ada', lastName: 'Lovelace', storeId: au!.id, approvalStatus: 'active' });
    const refused = await passwordGrant(shop, 'buyer@trade.test');
    expect([refused.status, refused.body]).toEqual([403, { error: 'account_pending_approval', error_description: defaultRefusalMessages.pending, message: defaultRefusalMessages.pending }]);
    expect((await login(shop, 'buyer@trade.test')).status).toBe(403);
    // Other registrations stay active.
    expect((await signUp(shop, 'retail@example.com')).approvalStatus).toBe('active');
  });

  it('customer.beforeCreate may veto: nothing is written', async () => {
    const refused = await shop.send('POST', '/api/rest/v2/customers', { json: newAccount('closed-shop@example.com') });
    expect([refused.status, refused.body.error]).toEqual([403, 'registration_closed']);
    expect(await shop.database.db.select().from(customers).where(eq(customers.email, 'closed-shop@example.com'))).toEqual([]);
  });

  it("auth.beforeIssueToken: the module's own refusal comes first, and its decision can let an account in", async () => {
    await signUp(shop, 'custom-buyer@trade.test');
    const custom = await login(shop, 'custom-buyer@trade.test');
    expect([custom.status, custom.body]).toEqual([
      403,
      { error: 'account_pending_approval', error_description: 'The trade desk reviews new accounts within a day.', message: 'The trade desk reviews new accounts within a day.' },
    ]);
    await signUp(shop, 'waved@trade.test');
    expect((await login(shop, 'waved@trade.test')).status).toBe(403);
    letThrough.add('waved@trade.test');
    expect((await passwordGrant(shop, 'waved@trade.test')).status).toBe(200);
  });

  it('customer.statusChanging runs in the status change: approval from a module route, with the admin as actor', async () => {
    const pending = await signUp(shop, 'approve-me@trade.test');
    expect((await changeStatus(pending.id, 'active', {})).status).toBe(401);
    const approved = await changeStatus(pending.id, 'active');
    expect(approved.body).toEqual({ customerId: pending.id, from: 'pending', to: 'active', changed: true });
    const [adminRow] = seenStatusChanges.slice(-1);
    expect(adminRow).toMatchObject({ customerId: pending.id, from: 'pending', to: 'active', actor: { email: testAdmin.email } });
    expect((await login(shop, 'approve-me@trade.test')).status).toBe(200);
    const declined = await changeStatus(pending.id, 'rejected');
    expect(declined.body).toMatchObject({ from: 'active', to: 'rejected' });
    expect((await login(shop, 'approve-me@trade.test')).body).toMatchObject({ error: 'account_rejected' });
  });

  it('a statusChanging veto rolls the whole change back: status and audit log unchanged', async () => {
    const customer = await signUp(shop, 'frozen@trade.test');
    frozen.add(customer.id);
    const vetoed = await changeStatus(customer.id, 'active');
    expect([vetoed.status, vetoed.body]).toEqual([409, { error: 'status_locked', message: 'This account is under review elsewhere.' }]);
    expect(await statusOf(customer.id)).toBe('pending');
    expect(await shop.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.subject, `customer:${customer.id}`))).toEqual([]);
    expect((await login(shop, 'frozen@trade.test')).status).toBe(403);
    frozen.delete(customer.id);
    expect((await changeStatus(customer.id, 'active')).status).toBe(200);
    expect(await statusOf(customer.id)).toBe('active');
  });
});

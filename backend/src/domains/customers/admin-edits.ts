import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../platform/audit/service.ts';
import { versionTag, requireVersion } from '../../platform/content-admin/versions.ts';
import type { Db } from '../../platform/db/database.ts';
import { customerGroups, customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { renderTemplate, shopText, type MailTemplate } from '../../platform/mail/template.ts';
import type { HookRegistry } from '../../platform/modules/hooks.ts';
import { formatTimestamp } from '../../platform/time.ts';
import type { ApprovalStatus } from './approval.ts';
import { issuePasswordToken, setPasswordUrl } from './password-reset.ts';
import { assertEmailFree, changeCustomerGroup, createCustomer, newEmailOf, writeProfile, type ProfileNotice } from './service.ts';
import { changeCustomerStatus } from './status.ts';

/**
 * The admin's writes of one account (the REST API's create and PATCH, DECISIONS.md 25 and 42), built
 * from the services every other path uses: `createCustomer` (its `customer.beforeCreate` hook),
 * `writeProfile` (names and email, as the customer's own update), `changeCustomerGroup` (the admin
 * page's Save) and `changeCustomerStatus` (the approve/decline hooks). One transaction each.
 */

export const accountOpenedTemplate: MailTemplate = {
  subject: 'Your account at {{storeName}}: choose your password',
  body: `Hello {{name}},

an account at {{storeName}} was opened for you with this email address. Choose your password here to sign in:

{{link}}

The link works once and expires in 7 days. After that, use "Forgot your password?" on the sign-in page.

{{storeName}}`,
};

export interface AdminEditContext extends ProfileNotice {
  db: Db;
  hooks: HookRegistry;
  actor: AuditActor;
}

const withGroup = { customer: customers, groupCode: customerGroups.code };

export function adminCustomerView(row: { customer: typeof customers.$inferSelect; groupCode: string }) {
  const { customer } = row;
  return {
    id: customer.id,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    groupId: customer.groupId,
    groupCode: row.groupCode,
    approvalStatus: customer.approvalStatus,
    isApproved: customer.approvalStatus === 'active',
    createdAt: formatTimestamp(customer.createdAt),
    updatedAt: formatTimestamp(customer.updatedAt),
  };
}
export type AdminCustomerView = ReturnType<typeof adminCustomerView>;

/** The ETag of an account as the admin API shows it (a digest of the record: versions.ts). */
export const customerTag = (view: AdminCustomerView): string => versionTag('customer', view.id, view);

export const adminCustomerQuery = (db: Db) => db.select(withGroup).from(customers).innerJoin(customerGroups, eq(customerGroups.id, customers.groupId));

export async function readAdminCustomer(db: Db, id: number): Promise<AdminCustomerView> {
  const [row] = await adminCustomerQuery(db).where(eq(customers.id, id));
  if (!row) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
  return adminCustomerView(row);
}

export interface AdminNewCustomer {
  email: string;
  firstName: string;
  lastName: string;
  groupId?: number;
  approvalStatus?: ApprovalStatus;
  password?: string;
}

/**
 * Creates an account for someone. Without a password the account gets an unguessable one nobody knows
 * and the customer is emailed a set-password link (the week-long `setup` token a trade applicant's new
 * account gets), so the admin never handles a customer's password. A status the admin names is the
 * admin's decision: when `customer.beforeCreate` left another one (approval required), it goes through
 * `changeCustomerStatus` like an approval from the grid, with its hooks and emails.
 */
export async function createCustomerAsAdmin(ctx: AdminEditContext, input: AdminNewCustomer): Promise<AdminCustomerView> {
  return ctx.db.transaction(async (tx) => {
    const password = input.password ?? randomBytes(32).toString('base64url');
    const id = await createCustomer(tx, ctx.hooks, { email: input.email, password, firstName: input.firstName, lastName: input.lastName, storeId: ctx.store.id, approvalStatus: input.approvalStatus });
    await recordAudit(tx, {
      actor: ctx.actor,
      module: 'core',
      action: 'customer.created',
      subject: `customer:${id}`,
      diff: { email: { from: null, to: input.email.toLowerCase() }, firstName: { from: null, to: input.firstName }, lastName: { from: null, to: input.lastName } },
    });
    if (input.groupId !== undefined) await changeCustomerGroup(tx, { customerId: id, groupId: input.groupId, actor: ctx.actor });
    const created = await readAdminCustomer(tx, id);
    if (input.approvalStatus && created.approvalStatus !== input.approvalStatus) {
      await changeCustomerStatus(tx, ctx.hooks, { customerId: id, to: input.approvalStatus, actor: ctx.actor });
    }
    if (input.password === undefined) {
      const { token } = await issuePasswordToken(tx, id, 'setup');
      const mail = renderTemplate(accountOpenedTemplate, { name: input.firstName, storeName: ctx.store.name, link: shopText(setPasswordUrl(ctx.mailer, token, ctx.store.code)) });
      await ctx.mailer.enqueue(tx, { kind: 'account_opened', to: created.email, storeId: ctx.store.id, ...mail });
    }
    return readAdminCustomer(tx, id);
  });
}

export interface AdminCustomerChange {
  email?: string;
  firstName?: string;
  lastName?: string;
  groupId?: number;
  approvalStatus?: ApprovalStatus;
}

/**
 * Changes the fields sent, all or nothing. The row is locked first and the `If-Match` checked against
 * it (412, nothing written, when stale). An email change is the customer's own kind of change without
 * the password (the admin is trusted): the old address is told and the account's tokens end; a status
 * change runs `customer.statusChanging`. Each part writes its own audit entry.
 */
export async function changeCustomerAsAdmin(ctx: AdminEditContext, id: number, change: AdminCustomerChange, ifMatch: string | undefined): Promise<AdminCustomerView> {
  return ctx.db.transaction(async (tx) => {
    const [locked] = await adminCustomerQuery(tx).where(eq(customers.id, id)).for('update', { of: customers });
    if (!locked) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
    const before = adminCustomerView(locked);
    requireVersion(ifMatch, customerTag(before), 'account');
    const email = newEmailOf(before.email, change.email);
    if (email) await assertEmailFree(tx, id, email);
    const profile = await writeProfile(tx, id, { email, firstName: change.firstName, lastName: change.lastName }, ctx);
    if (Object.keys(profile).length > 0) await recordAudit(tx, { actor: ctx.actor, module: 'core', action: 'customer.updated', subject: `customer:${id}`, diff: profile });
    if (change.groupId !== undefined) await changeCustomerGroup(tx, { customerId: id, groupId: change.groupId, actor: ctx.actor });
    // Sending the status the account already has is no decision: the record stays as it is.
    if (change.approvalStatus && change.approvalStatus !== before.approvalStatus) {
      await changeCustomerStatus(tx, ctx.hooks, { customerId: id, to: change.approvalStatus, actor: ctx.actor });
    }
    return readAdminCustomer(tx, id);
  });
}

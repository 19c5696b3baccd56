import { and, eq, ne } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../platform/audit/service.ts';
import type { PasswordCheckContext } from '../../platform/auth/current-password.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { invalidateTokens } from '../../platform/auth/token-validity.ts';
import { defaultShippingCountry } from '../catalog/visibility.ts';
import type { Db } from '../../platform/db/database.ts';
import { customerAddresses, customerGroups, customers } from '../../platform/db/schema/index.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/errors.ts';
import type { HookMap, HookRegistry } from '../../platform/modules/hooks.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { StoreView } from '../stores/store-view.ts';
import { formatTimestamp } from '../../platform/time.ts';
import { isApprovalStatus, type ApprovalStatus } from './approval.ts';
import { assertEmailChangeAllowed, notifyOldAddress } from './email-change.ts';

/** New accounts join General (group 1), as in the classic commerce model; the admin moves them. */
export const defaultCustomerGroupId = 1;

export async function loadCustomer(db: Db, id: number) {
  const [row] = await db
    .select({ customer: customers, groupCode: customerGroups.code })
    .from(customers)
    .innerJoin(customerGroups, eq(customerGroups.id, customers.groupId))
    .where(eq(customers.id, id));
  if (!row) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
  const { customer, groupCode } = row;
  return {
    id: customer.id,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    groupId: customer.groupId,
    groupCode,
    approvalStatus: customer.approvalStatus,
    // The storefront's session carries it with the group: it splits cached views while rules name countries (DECISIONS.md 48).
    defaultShippingCountry: await defaultShippingCountry(db, customer.id),
    createdAt: formatTimestamp(customer.createdAt),
    updatedAt: formatTimestamp(customer.updatedAt),
  };
}

function emailTaken(): AppError {
  return new AppError('conflict', 'email_taken', 'An account with this email already exists.', [{ location: 'json', field: 'email', message: 'Already registered.' }]);
}

export interface NewCustomer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The store view the account was created from, for the hook. */
  storeId?: number;
  /** The status before `customer.beforeCreate` decides; `active` unless a module's own flow says otherwise. */
  approvalStatus?: ApprovalStatus;
}

/**
 * Creates an account in one transaction: `customer.beforeCreate` runs first (a module may make the
 * account pending, or veto), then the row is written with the status the handlers left. A known email
 * is 409 and changes nothing.
 */
export async function createCustomer(db: Db, hooks: HookRegistry, input: NewCustomer): Promise<number> {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const decision: HookMap['customer.beforeCreate'] = {
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      storeId: input.storeId,
      approvalStatus: input.approvalStatus ?? 'active',
    };
    await hooks.run('customer.beforeCreate', decision, { db: tx });
    if (!isApprovalStatus(decision.approvalStatus)) throw new Error(`customer.beforeCreate set an unknown approvalStatus "${String(decision.approvalStatus)}"`);
    const now = new Date();
    // The unique index decides between two sign-ups with one email; no read-then-write race.
    const [created] = await tx
      .insert(customers)
      .values({
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        groupId: defaultCustomerGroupId,
        approvalStatus: decision.approvalStatus,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: customers.email })
      .returning({ id: customers.id });
    if (!created) throw emailTaken();
    return created.id;
  });
}

/**
 * A profile update: name and email only (never the group or the approval status). A new email needs
 * the current password and the old address is told, in the transaction that changes it (email-change.ts).
 */
export async function updateCustomer(
  db: Db,
  id: number,
  input: { email?: string; firstName?: string; lastName?: string; currentPassword?: string },
  notice: ProfileNotice,
  check: PasswordCheckContext,
): Promise<void> {
  const [current] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, id));
  if (!current) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
  const email = newEmailOf(current.email, input.email);
  // Before the password: a taken address says no more than a sign-up with it would (409 either way).
  if (email) await assertEmailFree(db, id, email);
  if (email) await assertEmailChangeAllowed(db, id, input.currentPassword, check);
  await db.transaction((tx) => writeProfile(tx, id, { email, firstName: input.firstName, lastName: input.lastName }, notice));
}

export interface ProfileNotice {
  mailer: Mailer;
  store: StoreView;
}

/** The lower-cased requested email when it differs from the current one; undefined for no change. */
export function newEmailOf(current: string, requested: string | undefined): string | undefined {
  const email = requested?.toLowerCase();
  return email !== undefined && email !== current ? email : undefined;
}

/** 409 `email_taken` when another account has the address. */
export async function assertEmailFree(db: Db, id: number, email: string): Promise<void> {
  const [other] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.email, email), ne(customers.id, id)));
  if (other) throw emailTaken();
}

/**
 * The one write of names and email, for the customer's own update and the admin's (call in a
 * transaction). A new email tells the old address and ends the tokens issued before it (DECISIONS.md
 * 50), so a stolen token cannot outlive the owner taking the account back. Returns what changed.
 */
export async function writeProfile(
  tx: Db,
  id: number,
  change: { email?: string; firstName?: string; lastName?: string },
  notice: ProfileNotice,
): Promise<Record<string, { from: string; to: string }>> {
  const [before] = await tx.select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName }).from(customers).where(eq(customers.id, id)).for('update');
  if (!before) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
  const diff: Record<string, { from: string; to: string }> = {};
  for (const field of ['email', 'firstName', 'lastName'] as const) {
    const to = change[field];
    if (to && to !== before[field]) diff[field] = { from: before[field], to };
  }
  if (Object.keys(diff).length === 0) return diff;
  const email = diff.email?.to;
  // The unique index decides between two writers of one address; the callers' check only answers first.
  await tx
    .update(customers)
    .set({ ...(email ? { email } : {}), ...(diff.firstName ? { firstName: diff.firstName.to } : {}), ...(diff.lastName ? { lastName: diff.lastName.to } : {}), updatedAt: new Date() })
    .where(eq(customers.id, id))
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
  if (email) {
    await notifyOldAddress(tx, notice.mailer, notice.store, { oldEmail: before.email, newEmail: email, firstName: change.firstName ?? before.firstName });
    await invalidateTokens(tx, id);
  }
  return diff;
}

/**
 * Moves a customer to another group (the admin's customer page), recorded in the audit log in the same
 * transaction. Group 0 (NOT LOGGED IN) stands for guests and is never assigned. Saving the same group
 * changes and records nothing.
 */
export async function changeCustomerGroup(db: Db, change: { customerId: number; groupId: number; actor: AuditActor }): Promise<void> {
  await db.transaction(async (tx) => {
    const [group] = await tx.select().from(customerGroups).where(eq(customerGroups.id, change.groupId));
    if (!group || group.id === 0) throw new AppError('invalid', 'unknown_customer_group', 'Unknown customer group.', [{ location: 'json', field: 'groupId', message: 'No such customer group.' }]);
    const [customer] = await tx
      .select({ groupId: customers.groupId, groupCode: customerGroups.code })
      .from(customers)
      .innerJoin(customerGroups, eq(customerGroups.id, customers.groupId))
      .where(eq(customers.id, change.customerId))
      .for('update', { of: customers });
    if (!customer) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
    if (customer.groupId === group.id) return;
    await tx.update(customers).set({ groupId: group.id, updatedAt: new Date() }).where(eq(customers.id, change.customerId));
    await recordAudit(tx, {
      actor: change.actor,
      module: 'core',
      action: 'customer.group_changed',
      subject: `customer:${change.customerId}`,
      diff: { groupId: { from: customer.groupId, to: group.id }, group: { from: customer.groupCode, to: group.code } },
    });
  });
}

type AddressRow = typeof customerAddresses.$inferSelect;

export function addressOut(row: AddressRow) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    street: row.street,
    city: row.city,
    region: row.region,
    postcode: row.postcode,
    countryId: row.countryId,
    telephone: row.telephone,
    isDefaultShipping: row.isDefaultShipping,
    isDefaultBilling: row.isDefaultBilling,
  };
}

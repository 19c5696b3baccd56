import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, instant, timestamps } from './columns.ts';

/** Fixed ids as in the classic commerce model: 0 is NOT LOGGED IN (guests). */
export const customerGroups = pgTable('customer_groups', {
  id: integer().primaryKey(),
  code: text().notNull().unique(),
});

/** DECISIONS.md 19 and 45: only `active` accounts get tokens; modules move accounts between the states. */
export const approvalStatuses = ['pending', 'active', 'rejected'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/** Password hashes use the format of platform/auth/password.ts. Emails are stored lower-cased. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    email: text().notNull().unique(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    passwordHash: text().notNull(),
    groupId: integer()
      .notNull()
      .references(() => customerGroups.id),
    approvalStatus: text({ enum: approvalStatuses }).notNull().default('active'),
    /**
     * DECISIONS.md 50: access tokens issued (`iat`) before this instant are refused; a whole second,
     * set by platform/auth/token-validity.ts on a password change or reset, an email or status change.
     */
    tokensValidAfter: instant(),
    ...timestamps(),
  },
  (table) => [check('customers_approval_status_check', sql`${table.approvalStatus} in ('pending', 'active', 'rejected')`)],
);

export const adminUsers = pgTable('admin_users', {
  id: id(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  /** As the customers' (token-validity.ts): admin access tokens issued before it are refused; set by a password reset. */
  tokensValidAfter: instant(),
  createdAt: instant().notNull().defaultNow(),
});

import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, instant, timestamps } from './columns.ts';

/** Fixed ids as in the classic commerce model: 0 is NOT LOGGED IN (guests). */
export const customerGroups = pgTable('customer_groups', {
  id: integer().primaryKey(),
  code: text().notNull().unique(),
});

/** Password hashes use the format of core/auth/password.ts. Emails are stored lower-cased. */
export const customers = pgTable('customers', {
  id: id(),
  email: text().notNull().unique(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  passwordHash: text().notNull(),
  groupId: integer()
    .notNull()
    .references(() => customerGroups.id),
  ...timestamps(),
});

export const adminUsers = pgTable('admin_users', {
  id: id(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  createdAt: instant().notNull().defaultNow(),
});

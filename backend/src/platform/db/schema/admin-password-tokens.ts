import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, instant } from './columns.ts';
import { adminUsers } from './customers.ts';

/**
 * Single-use "forgot your password" links of admin users, as the customers' password_tokens: the
 * link carries a random token, only its SHA-256 is stored. A table of its own rather than a column
 * on password_tokens: an admin is no customer, and a customer's link must never open the admin.
 */
export const adminPasswordTokens = pgTable(
  'admin_password_tokens',
  {
    id: id(),
    adminUserId: integer()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: instant().notNull(),
  },
  (t) => [index().on(t.adminUserId)],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, instant } from './columns.ts';
import { customers } from './customers.ts';

export const passwordTokenPurposes = ['reset', 'setup'] as const;
/** reset: "forgot your password" (1 hour); setup: a new account's first password (7 days). */
export type PasswordTokenPurpose = (typeof passwordTokenPurposes)[number];

/**
 * Single-use links that let a customer set a password without the current one. The link carries a
 * random token; only its SHA-256 is stored, so a leaked table opens no account.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text().$type<PasswordTokenPurpose>().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: instant().notNull(),
  },
  (t) => [check('password_tokens_purpose_check', sql`${t.purpose} in ('reset','setup')`), index().on(t.customerId)],
);

import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, instant } from './columns.ts';
import { customers } from './customers.ts';
import { stores } from './stores.ts';

/**
 * Single-use links that prove a signed-in customer owns the email their guest orders were placed
 * with (issue 12 §6). The link goes to that email; only the token's SHA-256 is stored. A token
 * links the guest orders of `email` in `storeId` to `customerId`, and nothing else.
 */
export const orderLinkTokens = pgTable(
  'order_link_tokens',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The address the link was sent to (lower case): the one the customer proves. */
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: instant().notNull(),
  },
  (t) => [index().on(t.customerId)],
);

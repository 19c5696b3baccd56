import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { adminUsers, customers } from './customers.ts';
import { id, instant } from './columns.ts';

/**
 * One row per refresh token ever issued. Rotation marks the row used; presenting a used token again
 * means it leaked, so the whole family (every token descended from one login) is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text().primaryKey(),
    familyId: text().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    scope: text().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    revokedAt: instant(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [index().on(t.familyId)],
);

/** Access tokens revoked before they expire (RFC 7009); rows can be purged once expiresAt has passed. */
export const revokedAccessTokens = pgTable('revoked_access_tokens', {
  jti: text().primaryKey(),
  expiresAt: instant().notNull(),
});

/** Integrations using the client_credentials grant; the secret is stored hashed, shown once at creation. */
export const apiClients = pgTable('api_clients', {
  id: id(),
  clientId: text().notNull().unique(),
  secretHash: text().notNull(),
  name: text().notNull(),
  revokedAt: instant(),
  createdAt: instant().notNull().defaultNow(),
});

/** Admin panel sessions; the cookie carries the random id, the table keeps its SHA-256 (a leaked table is no session). */
export const adminSessions = pgTable('admin_sessions', {
  idHash: text().primaryKey(),
  adminUserId: integer()
    .notNull()
    .references(() => adminUsers.id, { onDelete: 'cascade' }),
  csrfToken: text().notNull(),
  expiresAt: instant().notNull(),
  createdAt: instant().notNull().defaultNow(),
});

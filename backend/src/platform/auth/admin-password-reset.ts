/**
 * "Forgot your password" for admin users (issue 31), the customers' design (domains/customers/
 * password-reset.ts) on the admin's own table: a single-use link of 32 random bytes, stored as its
 * SHA-256, that works for one hour; asking is rate-limited and answers the same whatever the email.
 * Setting the password through it ends every admin session and access token of that admin, and
 * lifts a sign-in lock others' guesses put on the email (DECISIONS.md 57).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { adminPasswordTokens, adminSessions, adminUsers } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderTemplate, shopText, type MailTemplate } from '../mail/template.ts';
import { hashEmailedToken, newEmailedToken } from './emailed-token.ts';
import { liftEmailLock } from './login-throttle.ts';
import { hashPassword } from './password.ts';
import { countResetRequest } from './reset-request-limit.ts';
import { validAfterFor } from './token-validity.ts';

export const adminResetLifetimeSeconds = 3600;

const template: MailTemplate = {
  subject: 'Reset your admin password',
  body: `Hello,

someone, hopefully you, asked to reset the password of the shop admin {{email}}. Choose a new password here:

{{link}}

The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.`,
};

/**
 * Emails a reset link when `email` names an admin. The caller answers the same whatever this returns
 * (no enumeration of admin emails); over the limits nothing is sent. `resetUrl` makes the link's
 * address from the token.
 */
export async function requestAdminPasswordReset(
  db: Db,
  mailer: Mailer,
  request: { email: string; ip: string },
  resetUrl: (token: string) => string,
  now = new Date(),
): Promise<'sent' | 'unknown' | 'limited'> {
  const email = request.email.trim().toLowerCase();
  if (!(await countResetRequest(db, 'admin', { email, ip: request.ip }, now))) return 'limited';
  const [admin] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, email));
  if (!admin) return 'unknown';
  await db.transaction(async (tx) => {
    const { token, tokenHash } = newEmailedToken();
    await tx.insert(adminPasswordTokens).values({ adminUserId: admin.id, tokenHash, expiresAt: new Date(now.getTime() + adminResetLifetimeSeconds * 1000), createdAt: now });
    const mail = renderTemplate(template, { email, link: shopText(resetUrl(token)) });
    await mailer.enqueue(tx, { kind: 'admin_password_reset', to: email, ...mail });
  });
  return 'sent';
}

/** Whether the link's token can still set a password (the reset page shows the form only then). */
export async function adminResetTokenUsable(db: Db, token: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: adminPasswordTokens.id })
    .from(adminPasswordTokens)
    .where(and(eq(adminPasswordTokens.tokenHash, hashEmailedToken(token)), isNull(adminPasswordTokens.usedAt), gt(adminPasswordTokens.expiresAt, now)));
  return row !== undefined;
}

/**
 * Sets an admin's password with a token from the email: spent in the statement that checks it (of two
 * uses at once one wins), with every other open link of the admin. 400 `invalid_token` otherwise.
 */
export async function resetAdminPassword(db: Db, token: string, newPassword: string): Promise<{ adminId: number; email: string }> {
  const tokenHash = hashEmailedToken(token);
  // Hashed before the transaction (scrypt is slow): the cost is the same for every token.
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [spent] = await tx
      .update(adminPasswordTokens)
      .set({ usedAt: now })
      .where(and(eq(adminPasswordTokens.tokenHash, tokenHash), isNull(adminPasswordTokens.usedAt), gt(adminPasswordTokens.expiresAt, now)))
      .returning({ adminId: adminPasswordTokens.adminUserId });
    if (!spent) throw new AppError('invalid', 'invalid_token', 'This link is not valid any more (used, expired or incomplete). Ask for a new one.');
    return setAdminPassword(tx, spent.adminId, passwordHash, now);
  });
}

/**
 * The change itself, also the CLI's (cli/admin-password.ts): the new hash; access tokens issued up to
 * now refused (token-validity.ts's boundary); every browser session ended; every other open link
 * spent; the email's sign-in lock lifted. Run it in a transaction.
 */
export async function setAdminPassword(tx: Db, adminId: number, passwordHash: string, now = new Date()): Promise<{ adminId: number; email: string }> {
  const [admin] = await tx
    .update(adminUsers)
    .set({ passwordHash, tokensValidAfter: validAfterFor(now) })
    .where(eq(adminUsers.id, adminId))
    .returning({ adminId: adminUsers.id, email: adminUsers.email });
  if (!admin) throw new AppError('invalid', 'invalid_token', 'This link is not valid any more. Ask for a new one.');
  await tx.delete(adminSessions).where(eq(adminSessions.adminUserId, adminId));
  await tx
    .update(adminPasswordTokens)
    .set({ usedAt: now })
    .where(and(eq(adminPasswordTokens.adminUserId, adminId), isNull(adminPasswordTokens.usedAt)));
  await liftEmailLock(tx, 'admin', admin.email);
  return admin;
}

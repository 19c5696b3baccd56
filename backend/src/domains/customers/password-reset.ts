import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashEmailedToken, newEmailedToken } from '../../platform/auth/emailed-token.ts';
import { liftEmailLock } from '../../platform/auth/login-throttle.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { countResetRequest } from '../../platform/auth/reset-request-limit.ts';
import { invalidateTokens } from '../../platform/auth/token-validity.ts';
import type { Db } from '../../platform/db/database.ts';
import { customers, passwordTokens, type PasswordTokenPurpose } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { renderTemplate, shopText, type MailTemplate } from '../../platform/mail/template.ts';
import type { StoreView } from '../stores/store-view.ts';

/** How long a link works: an hour for "forgot your password", a week for a new account's first password. */
export const passwordTokenLifetimeSeconds: Record<PasswordTokenPurpose, number> = { reset: 3600, setup: 7 * 24 * 3600 };

export const passwordResetTemplate: MailTemplate = {
  subject: 'Reset your password at {{storeName}}',
  body: `Hello {{name}},

someone, hopefully you, asked to reset the password of your account at {{storeName}}. Choose a new password here:

{{link}}

The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.

{{storeName}}`,
};

/**
 * A single-use token that sets the customer's password without the current one: 32 random bytes
 * (base64url), stored as its SHA-256. `reset` lives 1 hour, `setup` 7 days (an account created for
 * someone, e.g. an approved trade applicant). Write it in the transaction that sends the email.
 */
export async function issuePasswordToken(db: Db, customerId: number, purpose: PasswordTokenPurpose, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const { token, tokenHash } = newEmailedToken();
  const expiresAt = new Date(now.getTime() + passwordTokenLifetimeSeconds[purpose] * 1000);
  await db.insert(passwordTokens).values({ customerId, purpose, tokenHash, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** The storefront page that takes the token: `<store's origin>/account/set-password?token=…`. */
export function setPasswordUrl(mailer: Mailer, token: string, storeCode?: string): string {
  return mailer.storefrontUrl(`/account/set-password?${new URLSearchParams({ token })}`, storeCode);
}

/**
 * "Forgot your password": emails a reset link when the address belongs to a customer. The caller
 * answers the same whatever happens (no account enumeration); over the limits nothing is sent.
 */
export async function requestPasswordReset(db: Db, mailer: Mailer, store: StoreView, request: { email: string; ip: string }): Promise<'sent' | 'unknown' | 'limited'> {
  const email = request.email.trim().toLowerCase();
  if (!(await countResetRequest(db, 'customer', { email, ip: request.ip }))) return 'limited';
  const [customer] = await db.select({ id: customers.id, firstName: customers.firstName }).from(customers).where(eq(customers.email, email));
  if (!customer) return 'unknown';
  await db.transaction(async (tx) => {
    const { token } = await issuePasswordToken(tx, customer.id, 'reset');
    const mail = renderTemplate(passwordResetTemplate, { name: customer.firstName, storeName: store.name, link: shopText(setPasswordUrl(mailer, token, store.code)) });
    await mailer.enqueue(tx, { kind: 'password_reset', to: email, storeId: store.id, ...mail });
  });
  return 'sent';
}

function invalidToken(reason: 'used' | 'expired' | 'unknown'): AppError {
  const messages = {
    used: 'This link was already used. Ask for a new one if you still need to set your password.',
    expired: 'This link has expired. Ask for a new one.',
    unknown: 'This link is not valid. Ask for a new one, and use the whole link from the email.',
  };
  return new AppError('invalid', 'invalid_token', messages[reason], { reason });
}

/**
 * Sets the password with a token from an email. The token is spent in the same statement that
 * checks it (two uses at once: one wins); every other open link of the customer dies with it, and
 * every token of the account ends, access and refresh (DECISIONS.md 50: devices sign in again), and
 * the email's sign-in lock is lifted (DECISIONS.md 57). 400 `invalid_token` otherwise.
 */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<{ customerId: number; email: string }> {
  const tokenHash = hashEmailedToken(token);
  // Hashed before the transaction (scrypt is slow); the cost is the same for every token.
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [spent] = await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
      .returning({ customerId: passwordTokens.customerId });
    if (!spent) {
      const [row] = await tx.select({ usedAt: passwordTokens.usedAt }).from(passwordTokens).where(eq(passwordTokens.tokenHash, tokenHash));
      throw invalidToken(!row ? 'unknown' : row.usedAt ? 'used' : 'expired');
    }
    const [customer] = await tx
      .update(customers)
      .set({ passwordHash, updatedAt: now })
      .where(eq(customers.id, spent.customerId))
      .returning({ id: customers.id, email: customers.email });
    if (!customer) throw invalidToken('unknown');
    await invalidateTokens(tx, customer.id, now);
    await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.customerId, customer.id), isNull(passwordTokens.usedAt)));
    // The owner proved they hold the mailbox: a lock of their email by others' guesses ends here (DECISIONS.md 57).
    await liftEmailLock(tx, 'customer', customer.email);
    return { customerId: customer.id, email: customer.email };
  });
}

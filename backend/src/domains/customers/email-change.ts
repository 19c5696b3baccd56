import { eq } from 'drizzle-orm';
import { currentPasswordMatches, type PasswordCheckContext } from '../../platform/auth/current-password.ts';
import type { Db } from '../../platform/db/database.ts';
import { customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { renderTemplate, type MailTemplate } from '../../platform/mail/template.ts';
import type { StoreView } from '../stores/store-view.ts';

export const emailChangedTemplate: MailTemplate = {
  subject: 'The email address of your account at {{storeName}} was changed',
  body: `Hello {{name}},

the email address of your account at {{storeName}} was changed from {{oldEmail}} to {{newEmail}}. Emails about the account now go to the new address.

If you did not change it, contact us at once: someone who knows your password may have taken over the account.

{{storeName}}`,
};

/**
 * An email change (DECISIONS.md 57) takes the current password, so a stolen access token alone cannot
 * move the account (and its password resets) to another mailbox. Missing: 400; wrong: 403; too many
 * wrong guesses: 429 (the sign-in throttle, current-password.ts).
 */
export async function assertEmailChangeAllowed(
  db: Db,
  customerId: number,
  currentPassword: string | undefined,
  check: PasswordCheckContext,
): Promise<{ email: string; firstName: string }> {
  if (!currentPassword) {
    throw new AppError('invalid', 'current_password_required', 'Enter your current password to change your email address.', [
      { location: 'json', field: 'currentPassword', message: 'Required to change the email address.' },
    ]);
  }
  const [customer] = await db.select({ email: customers.email, firstName: customers.firstName, passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
  if (!customer || !(await currentPasswordMatches(db, check, customer, currentPassword))) {
    throw new AppError('forbidden', 'wrong_password', 'The current password is not right.', [{ location: 'json', field: 'currentPassword', message: 'Wrong password.' }]);
  }
  return { email: customer.email, firstName: customer.firstName };
}

/** Tells the OLD address that the account's email changed; call in the transaction that changes it. */
export async function notifyOldAddress(db: Db, mailer: Mailer, store: StoreView, change: { oldEmail: string; newEmail: string; firstName: string }): Promise<void> {
  const mail = renderTemplate(emailChangedTemplate, { name: change.firstName, storeName: store.name, oldEmail: change.oldEmail, newEmail: change.newEmail });
  await mailer.enqueue(db, { kind: 'email_changed', to: change.oldEmail, storeId: store.id, ...mail });
}

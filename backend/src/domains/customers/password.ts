import { eq } from 'drizzle-orm';
import { currentPasswordMatches, type PasswordCheckContext } from '../../platform/auth/current-password.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { invalidateTokens } from '../../platform/auth/token-validity.ts';
import type { Db } from '../../platform/db/database.ts';
import { customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Changes the password after checking the current one, and ends every token of the account (access
 * and refresh, DECISIONS.md 50): every device, this one included, signs in with the new password.
 * Wrong guesses are held to the sign-in throttle's limit (429 beyond it, current-password.ts).
 */
export async function changePassword(db: Db, customerId: number, currentPassword: string, newPassword: string, check: PasswordCheckContext): Promise<void> {
  const [customer] = await db.select({ email: customers.email, passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
  if (!customer || !(await currentPasswordMatches(db, check, customer, currentPassword))) {
    throw new AppError('invalid', 'wrong_password', 'The current password is not right.', [{ location: 'json', field: 'currentPassword', message: 'Wrong password.' }]);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, customerId));
    await invalidateTokens(tx, customerId);
  });
}

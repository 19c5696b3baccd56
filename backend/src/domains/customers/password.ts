import { eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { invalidateTokens } from '../../platform/auth/token-validity.ts';
import type { Db } from '../../platform/db/database.ts';
import { customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Changes the password after checking the current one, and ends every token of the account (access
 * and refresh, DECISIONS.md 50): every device, this one included, signs in with the new password.
 */
export async function changePassword(db: Db, customerId: number, currentPassword: string, newPassword: string): Promise<void> {
  const [customer] = await db.select({ passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
  if (!customer || !(await verifyPassword(currentPassword, customer.passwordHash))) {
    throw new AppError('invalid', 'wrong_password', 'The current password is not right.', [{ location: 'json', field: 'currentPassword', message: 'Wrong password.' }]);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, customerId));
    await invalidateTokens(tx, customerId);
  });
}

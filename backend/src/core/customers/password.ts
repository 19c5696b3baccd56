import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { Db } from '../db/database.ts';
import { customers, refreshTokens } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

/**
 * Changes the password after checking the current one, and ends every refresh-token family: other
 * devices must sign in with the new password. (Access tokens run out within their short lifetime.)
 */
export async function changePassword(db: Db, customerId: number, currentPassword: string, newPassword: string): Promise<void> {
  const [customer] = await db.select({ passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
  if (!customer || !(await verifyPassword(currentPassword, customer.passwordHash))) {
    throw new AppError('invalid', 'wrong_password', 'The current password is not right.', [{ location: 'json', field: 'currentPassword', message: 'Wrong password.' }]);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, customerId));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.customerId, customerId), isNull(refreshTokens.revokedAt)));
  });
}

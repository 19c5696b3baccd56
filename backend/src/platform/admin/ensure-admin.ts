import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/database.ts';
import { adminUsers } from '../db/schema/index.ts';

/**
 * Creates the admin named by ADMIN_EMAIL/ADMIN_PASSWORD when it does not exist yet, so a database
 * seeded without them (or an existing one) still gets its admin. An existing admin keeps its password.
 */
export async function ensureAdminUser(db: Db, admin: { email: string; password: string }): Promise<void> {
  await db
    .insert(adminUsers)
    .values({ email: admin.email.toLowerCase(), passwordHash: await hashPassword(admin.password) })
    .onConflictDoNothing({ target: adminUsers.email });
}

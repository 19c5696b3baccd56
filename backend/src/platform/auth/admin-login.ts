import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { adminUsers } from '../db/schema/index.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';

const decoyHash = hashPassword('decoy admin password that matches nothing');

/**
 * An admin user's id for the right email and password, under the admin counters of the throttle (429
 * while locked); undefined otherwise. Used by the admin panel's login form and by the token endpoint
 * (scope admin), which therefore share one count per email and per IP.
 */
export async function authenticateAdmin(db: Db, throttle: LoginThrottle, keys: { email: string; ip: string }, password: string): Promise<number | undefined> {
  const email = keys.email.trim().toLowerCase();
  const attempt = await throttle.reserve(db, 'admin', { email, ip: keys.ip });
  const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.email, email));
  const valid = await verifyPassword(password, admin?.passwordHash ?? (await decoyHash));
  if (!admin || !valid) return undefined;
  await throttle.succeeded(db, attempt);
  return admin.id;
}

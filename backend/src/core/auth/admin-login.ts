import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { adminUsers } from '../db/schema/index.ts';
import type { AppEnv } from '../http/context.ts';
import { clientIp } from '../http/client-ip.ts';
import { hashPassword, verifyPassword } from './password.ts';

const decoyHash = hashPassword('decoy admin password that matches nothing');

/** An admin user's id for the right email and password, under the login throttle; undefined otherwise. */
export async function authenticateAdmin(c: Context<AppEnv>, email: string, password: string): Promise<number | undefined> {
  const keys = { email: email.trim().toLowerCase(), ip: clientIp(c) };
  await c.var.loginThrottle.before(keys);
  const [admin] = await c.var.db.select().from(adminUsers).where(eq(adminUsers.email, keys.email));
  const valid = await verifyPassword(password, admin?.passwordHash ?? (await decoyHash));
  if (!admin || !valid) {
    c.var.loginThrottle.recordFailure(keys);
    return undefined;
  }
  c.var.loginThrottle.recordSuccess(keys);
  return admin.id;
}

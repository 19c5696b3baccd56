import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/database.ts';
import { customers } from '../db/schema/index.ts';
import type { AppEnv } from '../http/context.ts';
import { clientIp } from '../http/client-ip.ts';
import { hashPassword, verifyPassword } from './password.ts';

/** Compared against when the email is unknown, so both cases take as long (no account probing by timing). */
const decoyHash = hashPassword('decoy password that matches nothing');

/**
 * Checks a customer's email and password under the login throttle. Returns the customer, or
 * undefined for wrong credentials (the failure is recorded); throws 429 while locked. Hooks
 * ("auth.beforeIssueToken") run after the password is known to be right.
 */
export async function authenticateCustomer(c: Context<AppEnv>, email: string, password: string) {
  const db: Db = c.var.db;
  const keys = { email: email.trim().toLowerCase(), ip: clientIp(c) };
  await c.var.loginThrottle.before(keys);
  const [customer] = await db
    .select({ id: customers.id, email: customers.email, groupId: customers.groupId, passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.email, keys.email));
  const valid = await verifyPassword(password, customer?.passwordHash ?? (await decoyHash));
  if (!customer || !valid) {
    c.var.loginThrottle.recordFailure(keys);
    return undefined;
  }
  c.var.loginThrottle.recordSuccess(keys);
  await c.var.hooks.run('auth.beforeIssueToken', { customerId: customer.id, email: customer.email, groupId: customer.groupId });
  return customer;
}

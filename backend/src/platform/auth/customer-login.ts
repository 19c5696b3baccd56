import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/database.ts';
import { customers } from '../db/schema/index.ts';
import type { AppEnv } from '../http/context.ts';
import { clientIp } from '../http/client-ip.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { TokenCandidate } from './token-gate.ts';

/** Compared against when the email is unknown, so both cases take as long (no account probing by timing). */
const decoyHash = hashPassword('decoy password that matches nothing');

/**
 * Checks a customer's email and password under the login throttle. Returns the customer, or
 * undefined for wrong credentials (the attempt stays counted); throws 429 while locked. Whether the
 * account may have a token (its approval status, module vetoes) is decided after this, by
 * assertMayIssueToken, inside the transaction that issues it.
 */
export async function authenticateCustomer(c: Context<AppEnv>, email: string, password: string): Promise<TokenCandidate | undefined> {
  const db: Db = c.var.db;
  const keys = { email: email.trim().toLowerCase(), ip: clientIp(c) };
  const attempt = await c.var.loginThrottle.reserve(db, 'customer', keys);
  const [customer] = await db
    .select({ id: customers.id, email: customers.email, groupId: customers.groupId, approvalStatus: customers.approvalStatus, passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.email, keys.email));
  const valid = await verifyPassword(password, customer?.passwordHash ?? (await decoyHash));
  // A wrong password leaves its attempt counted (reserve counted it before the check).
  if (!customer || !valid) return undefined;
  await c.var.loginThrottle.succeeded(db, attempt);
  return { id: customer.id, email: customer.email, groupId: customer.groupId, approvalStatus: customer.approvalStatus };
}

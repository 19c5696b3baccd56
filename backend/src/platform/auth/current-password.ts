/**
 * The current-password check of a signed-in customer's sensitive change (email, password), under the
 * sign-in throttle (issue 31). Without it a stolen access token would allow unlimited guesses at the
 * password through these routes. The attempt is counted as a sign-in of the account's email from the
 * caller's IP, before the password is checked, so a parallel burst is held to the throttle's free
 * attempts (the rest answer 429 `too_many_attempts`), and guesses here and at sign-in share one limit.
 */
import type { Db } from '../db/database.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './password.ts';

/** What a current-password check needs of the request: the throttle and the caller's resolved IP. */
export interface PasswordCheckContext {
  throttle: LoginThrottle;
  ip: string;
}

/** Whether `password` is the account's; throws 429 when the throttle refuses to check it now. */
export async function currentPasswordMatches(db: Db, context: PasswordCheckContext, account: { email: string; passwordHash: string }, password: string): Promise<boolean> {
  const attempt = await context.throttle.reserve(db, 'customer', { email: account.email, ip: context.ip });
  if (!(await verifyPassword(password, account.passwordHash))) return false;
  await context.throttle.succeeded(db, attempt);
  return true;
}

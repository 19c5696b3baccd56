/**
 * Limits on "forgot your password" requests (issue 31), for customers and admins alike. Counted per
 * (email, client IP) pair, so an attacker asking again and again for someone's address from one place
 * runs out without keeping the owner, asking from their own address, from getting the email
 * (DECISIONS.md 57: a reset email always works); per IP, so one address cannot probe many emails; and
 * a ceiling per email over every address, so rotating IPs cannot flood one mailbox. Every request
 * counts on all three, refused or not, in fixed windows of the shared rate-limit table.
 */
import type { Db } from '../db/database.ts';
import { countHit, type Window } from '../rate-limit/counter.ts';

export const resetRequestLimits = { perPair: 5, perIp: 20, perEmail: 50, window: { seconds: 3600 } satisfies Window } as const;

/** Whose reset is asked for: customers and admins are counted apart. */
export type ResetRequester = 'customer' | 'admin';

/**
 * Counts a reset request and answers whether an email may go out for it. The caller answers the same
 * either way (no account enumeration) and sends nothing when it is false.
 */
export async function countResetRequest(db: Db, requester: ResetRequester, request: { email: string; ip: string }, now = new Date()): Promise<boolean> {
  const email = request.email.trim().toLowerCase();
  const prefix = requester === 'customer' ? 'forgot' : 'admin-forgot';
  const { window } = resetRequestLimits;
  // The IP leads the pair's key: it holds no "|", so no email can forge another pair's key.
  const [perPair, perIp, perEmail] = await Promise.all([
    countHit(db, `${prefix}:pair:${request.ip}|${email}`, window, now),
    countHit(db, `${prefix}:ip:${request.ip}`, window, now),
    countHit(db, `${prefix}:email:${email}`, window, now),
  ]);
  return perPair <= resetRequestLimits.perPair && perIp <= resetRequestLimits.perIp && perEmail <= resetRequestLimits.perEmail;
}

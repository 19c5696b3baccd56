import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { countHit, type Window } from '../../platform/rate-limit/counter.ts';

/** Sign-ups allowed an hour per client IP and per email address (DECISIONS.md 57). */
export interface RegistrationLimits {
  perIp: number;
  perEmail: number;
}

export const defaultRegistrationLimits: RegistrationLimits = { perIp: 5, perEmail: 3 };

const hour: Window = { seconds: 3600 };

/**
 * Counts a sign-up attempt before anything is written or emailed, and refuses it with 429 and
 * Retry-After (the end of the hour's window) over either limit. Every attempt counts, a refused or
 * duplicate one too: each can send an email (approval notices), which is what the limit protects.
 */
export async function countRegistration(db: Db, limits: RegistrationLimits, attempt: { ip: string; email: string }, now = new Date()): Promise<void> {
  const email = attempt.email.trim().toLowerCase();
  const perIp = await countHit(db, `register:ip:${attempt.ip}`, hour, now);
  const perEmail = await countHit(db, `register:email:${email}`, hour, now);
  if (perIp <= limits.perIp && perEmail <= limits.perEmail) return;
  const windowEnd = Math.ceil((now.getTime() + 1) / (hour.seconds * 1000)) * hour.seconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000));
  const which = perIp > limits.perIp ? 'from this address' : 'for this email address';
  throw new AppError('rate_limited', 'too_many_registrations', `Too many sign-ups ${which}. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, { retryAfter }, {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

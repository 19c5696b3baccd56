import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { claimLock, countHitsWithPrevious, lockedUntil, lockKey, pruneCounters, releaseHit, resetCount, type Window } from '../rate-limit/counter.ts';

export interface ThrottleOptions {
  /** Failed sign-ins of one (email, IP) pair before each further attempt must wait: 1 s, 2 s, 4 s… */
  maxFailures: number;
  /** The longest wait of a pair; also how long an IP is locked after 4 × maxFailures failures in an hour (offices share addresses). */
  lockoutSeconds: number;
}

/** Whose sign-ins are counted: customers and admins have counters of their own. */
export type LoginKind = 'customer' | 'admin';

export interface LoginKeys {
  email: string;
  /** The caller's IP as resolved once per request (platform/http/client-ip.ts). */
  ip: string;
}

/** An attempt counted before its password was checked; handed back to `succeeded` when it was right. */
export interface LoginAttempt {
  readonly kind: LoginKind;
  readonly keys: LoginKeys;
  readonly at: Date;
}

/**
 * Failures of one email from any addresses in an hour before the email itself is locked for an hour
 * (DECISIONS.md 57). High on purpose: it is the only lock that also stops the owner, who gets out of
 * it with a password reset (liftEmailLock).
 */
export const emailLockAfter = 50;
const hour: Window = { seconds: 3600 };

/** About one attempt in a hundred also sweeps expired counters, so the table cannot grow without bound. */
const pruneEvery = 100;

/**
 * Sign-in throttle (DECISIONS.md 57). Every attempt is counted BEFORE its password is checked, in one
 * atomic upsert, so each attempt of a parallel burst sees its own number and none slips past
 * the limit while others are still running scrypt. Three counts:
 * - the (email, IP) pair: `maxFailures` attempts are free, then each attempt claims a lock of 1 s,
 *   2 s, 4 s… (at most `lockoutSeconds`) that the next one must wait out; of a burst, one attempt
 *   claims it and the rest are refused;
 * - the email alone, over every address: locked for an hour after `emailLockAfter` in an hour;
 * - the IP alone, over every email: locked for `lockoutSeconds` after 4 × `maxFailures` in an hour.
 * An attempt refused by a lock already in place is not counted, so an attacker hammering a locked
 * email cannot keep it locked past its hour. The counts live in the database, so every backend process
 * sharing it enforces one limit; the previous window counts too, so a burst across a window boundary
 * is still caught.
 */
export class LoginThrottle {
  readonly #options: ThrottleOptions;
  readonly #now: () => number;
  #attemptsSincePrune = 0;

  constructor(options: ThrottleOptions, now: () => number = Date.now) {
    this.#options = options;
    this.#now = now;
  }

  /** Counts an attempt for `keys`, or throws 429 with Retry-After when it may not be checked now. */
  async reserve(db: Db, kind: LoginKind, keys: LoginKeys): Promise<LoginAttempt> {
    const now = new Date(this.#now());
    const key = throttleKeys(kind, keys);
    const until = await lockedUntil(db, [key.email, key.ip, key.pair], now);
    if (until) throw tooManyAttempts(until, now);
    const counts = await countHitsWithPrevious(db, [key.pair, key.email, key.ip], hour, now);
    const [pairCount, emailCount, ipCount] = [counts.get(key.pair) ?? 1, counts.get(key.email) ?? 1, counts.get(key.ip) ?? 1];
    if (++this.#attemptsSincePrune >= pruneEvery) {
      this.#attemptsSincePrune = 0;
      await pruneCounters(db, now);
    }
    if (emailCount > emailLockAfter) throw tooManyAttempts(await lockKey(db, key.email, hour.seconds, now), now);
    if (ipCount > this.#options.maxFailures * 4) throw tooManyAttempts(await lockKey(db, key.ip, this.#options.lockoutSeconds, now), now);
    if (pairCount >= this.#options.maxFailures) {
      const wait = Math.min(this.#options.lockoutSeconds, 2 ** Math.min(pairCount - this.#options.maxFailures, 30));
      if (!(await claimLock(db, key.pair, wait, now))) throw tooManyAttempts((await lockedUntil(db, key.pair, now)) ?? new Date(now.getTime() + 1000), now);
    }
    return { kind, keys, at: now };
  }

  /**
   * The password was right: the pair and the email start afresh, and the IP's count takes back this
   * attempt only (one good password must not unlock guessing others from that address).
   */
  async succeeded(db: Db, attempt: LoginAttempt): Promise<void> {
    const key = throttleKeys(attempt.kind, attempt.keys);
    await resetCount(db, key.pair);
    await resetCount(db, `lock:${key.pair}`);
    await resetCount(db, key.email);
    await releaseHit(db, key.ip, hour, attempt.at);
  }
}

/**
 * A password reset proves the owner holds the mailbox: their email's lock and count end, so they can
 * sign in from any address that is not itself slowed down. The pairs of the addresses that guessed
 * stay as they are.
 */
export async function liftEmailLock(db: Db, kind: LoginKind, email: string): Promise<void> {
  const { email: key } = throttleKeys(kind, { email, ip: '' });
  await resetCount(db, key);
  await resetCount(db, `lock:${key}`);
}

function throttleKeys(kind: LoginKind, { email, ip }: LoginKeys): { pair: string; email: string; ip: string } {
  const address = email.trim().toLowerCase();
  // The IP comes first in the pair: it holds no "|", so no email can forge another pair's key.
  return { pair: `${kind}-login:pair:${ip}|${address}`, email: `${kind}-login:email:${address}`, ip: `${kind}-login:ip:${ip}` };
}

function tooManyAttempts(until: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('rate_limited', 'too_many_attempts', `Too many failed sign-ins. Try again in ${retryAfter} seconds.`, { retryAfter }, {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

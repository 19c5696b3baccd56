import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { countHit, currentCount, lockedUntil, lockKey, pruneCounters, resetCount, type Window } from '../rate-limit/counter.ts';

export interface ThrottleOptions {
  /** Failures of one email before it is locked; an IP gets four times as many (offices share addresses). */
  maxFailures: number;
  lockoutSeconds: number;
  /** Extra wait per failure already on record, before a password is checked at all. */
  slowdownMs: number;
}

/** Whose sign-ins are counted: customers and admins have counters of their own. */
export type LoginKind = 'customer' | 'admin';

export interface LoginKeys {
  email: string;
  /** The caller's IP as resolved once per request (core/http/client-ip.ts). */
  ip: string;
}

/** About one failed sign-in in a hundred also sweeps expired counters, so the table cannot grow without bound. */
const pruneEvery = 100;

/**
 * Slows, then refuses, guessing passwords: each failure on record adds a delay to the next attempt
 * for that email or IP, and reaching the limit locks it for `lockoutSeconds` (429 with Retry-After).
 * The counts live in the database (core/rate-limit/counter.ts), so every backend process sharing it
 * enforces one limit. Failures are counted in fixed windows as long as the lockout; those of the
 * previous window count too, so a burst across a window boundary is still caught.
 */
export class LoginThrottle {
  readonly #options: ThrottleOptions;
  readonly #now: () => number;
  readonly #window: Window;
  #failuresSincePrune = 0;

  constructor(options: ThrottleOptions, now: () => number = Date.now) {
    this.#options = options;
    this.#now = now;
    this.#window = { seconds: options.lockoutSeconds };
  }

  /** Throws 429 while any key is locked; otherwise waits the slowdown earned by earlier failures. */
  async before(db: Db, kind: LoginKind, keys: LoginKeys): Promise<void> {
    const now = new Date(this.#now());
    let failures = 0;
    for (const { key } of this.#keys(kind, keys)) {
      const until = await lockedUntil(db, key, now);
      if (until) {
        const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
        throw new AppError('rate_limited', 'too_many_attempts', `Too many failed sign-ins. Try again in ${retryAfter} seconds.`, { retryAfter }, {
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
      failures = Math.max(failures, await this.#failuresOnRecord(db, key, now));
    }
    if (failures > 0 && this.#options.slowdownMs > 0) await new Promise((resolve) => setTimeout(resolve, failures * this.#options.slowdownMs));
  }

  async recordFailure(db: Db, kind: LoginKind, keys: LoginKeys): Promise<void> {
    const now = new Date(this.#now());
    for (const { key, limit } of this.#keys(kind, keys)) {
      const failures = (await countHit(db, key, this.#window, now)) + (await this.#previousWindow(db, key, now));
      if (failures >= limit) await lockKey(db, key, this.#options.lockoutSeconds, now);
    }
    if (++this.#failuresSincePrune >= pruneEvery) {
      this.#failuresSincePrune = 0;
      await pruneCounters(db, now);
    }
  }

  /** A successful sign-in clears the email's record (not the IP's: one good password must not unlock guessing others). */
  async recordSuccess(db: Db, kind: LoginKind, keys: Pick<LoginKeys, 'email'>): Promise<void> {
    await resetCount(db, this.#emailKey(kind, keys.email));
  }

  #emailKey(kind: LoginKind, email: string): string {
    return `${kind}-login:email:${email.trim().toLowerCase()}`;
  }

  #keys(kind: LoginKind, { email, ip }: LoginKeys): { key: string; limit: number }[] {
    return [
      { key: this.#emailKey(kind, email), limit: this.#options.maxFailures },
      { key: `${kind}-login:ip:${ip}`, limit: this.#options.maxFailures * 4 },
    ];
  }

  async #failuresOnRecord(db: Db, key: string, now: Date): Promise<number> {
    return (await currentCount(db, key, this.#window, now)) + (await this.#previousWindow(db, key, now));
  }

  #previousWindow(db: Db, key: string, now: Date): Promise<number> {
    return currentCount(db, key, this.#window, new Date(now.getTime() - this.#window.seconds * 1000));
  }
}

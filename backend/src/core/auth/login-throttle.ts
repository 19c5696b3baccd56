import { AppError } from '../errors.ts';

export interface ThrottleOptions {
  /** Failures of one email before it is locked; an IP gets four times as many (offices share addresses). */
  maxFailures: number;
  lockoutSeconds: number;
  /** Extra wait per failure already on record, before a password is checked at all. */
  slowdownMs: number;
}

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

const maxEntries = 10_000;

/**
 * Slows, then refuses, guessing passwords: each failure on record adds a delay to the next attempt
 * for that email or IP, and reaching the limit locks it for a while (429 with Retry-After). State is
 * in memory, per process: enough for one backend; several replicas would share it through the database.
 */
export class LoginThrottle {
  readonly #entries = new Map<string, Entry>();
  readonly #options: ThrottleOptions;
  readonly #now: () => number;

  constructor(options: ThrottleOptions, now: () => number = Date.now) {
    this.#options = options;
    this.#now = now;
  }

  /** Throws 429 while any key is locked; otherwise waits the slowdown earned by earlier failures. */
  async before(keys: { email: string; ip: string }): Promise<void> {
    const now = this.#now();
    let failures = 0;
    for (const key of this.#keys(keys)) {
      const entry = this.#entries.get(key);
      if (!entry) continue;
      if (entry.lockedUntil > now) {
        const retryAfter = Math.ceil((entry.lockedUntil - now) / 1000);
        throw new AppError('rate_limited', 'too_many_attempts', `Too many failed sign-ins. Try again in ${retryAfter} seconds.`, { retryAfter }, {
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
      failures = Math.max(failures, entry.failures);
    }
    if (failures > 0 && this.#options.slowdownMs > 0) await new Promise((resolve) => setTimeout(resolve, failures * this.#options.slowdownMs));
  }

  recordFailure(keys: { email: string; ip: string }): void {
    const now = this.#now();
    if (this.#entries.size > maxEntries) this.#prune(now);
    for (const key of this.#keys(keys)) {
      const limit = key.startsWith('ip:') ? this.#options.maxFailures * 4 : this.#options.maxFailures;
      const entry = this.#entries.get(key) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
      // A lock that ran out starts a fresh count.
      if (entry.lockedUntil !== 0 && entry.lockedUntil <= now) Object.assign(entry, { failures: 0, lockedUntil: 0 });
      entry.failures += 1;
      entry.lastFailure = now;
      if (entry.failures >= limit) entry.lockedUntil = now + this.#options.lockoutSeconds * 1000;
      this.#entries.set(key, entry);
    }
  }

  /** A successful sign-in clears the email's record (not the IP's: one good password must not unlock guessing others). */
  recordSuccess(keys: { email: string }): void {
    this.#entries.delete(`email:${keys.email}`);
  }

  #keys({ email, ip }: { email: string; ip: string }): string[] {
    return [`email:${email.toLowerCase()}`, `ip:${ip}`];
  }

  #prune(now: number): void {
    const horizon = now - this.#options.lockoutSeconds * 1000;
    for (const [key, entry] of this.#entries) if (entry.lockedUntil <= now && entry.lastFailure < horizon) this.#entries.delete(key);
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../src/core/auth/login-throttle.ts';
import type { Database } from '../src/core/db/database.ts';
import { AppError } from '../src/core/errors.ts';
import { dialects, openTestDatabase } from './helpers/test-shop.ts';

describe.each(dialects)('login throttle on the database (%s)', (dialect) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(dialect));
  });
  afterAll(() => dispose());

  const start = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('locks an email after the limit, says when to retry, and unlocks after the lockout', async () => {
    const db = database.db;
    let now = start;
    const throttle = new LoginThrottle({ maxFailures: 3, lockoutSeconds: 60, slowdownMs: 0 }, () => now);
    const keys = { email: 'a@example.com', ip: '10.0.0.1' };
    for (let i = 0; i < 3; i++) {
      await throttle.before(db, 'customer', keys);
      await throttle.recordFailure(db, 'customer', keys);
    }
    const refused = await throttle.before(db, 'customer', { ...keys, ip: '10.0.0.99' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).details).toEqual({ retryAfter: 60 });
    expect((refused as AppError).headers['Retry-After']).toBe('60');
    now += 30_000;
    await expect(throttle.before(db, 'customer', keys)).rejects.toMatchObject({ details: { retryAfter: 30 } });
    // A second process (another LoginThrottle on the same database) sees the same lock.
    await expect(new LoginThrottle({ maxFailures: 3, lockoutSeconds: 60, slowdownMs: 0 }, () => now).before(db, 'customer', keys)).rejects.toThrow(/Too many/);
    now += 91_000;
    await expect(throttle.before(db, 'customer', keys)).resolves.toBeUndefined();
  });

  it('counts per IP across emails, with four times the limit', async () => {
    const db = database.db;
    const throttle = new LoginThrottle({ maxFailures: 2, lockoutSeconds: 60, slowdownMs: 0 }, () => start);
    for (let i = 0; i < 7; i++) await throttle.recordFailure(db, 'customer', { email: `u${i}@example.com`, ip: '10.0.0.2' });
    await expect(throttle.before(db, 'customer', { email: 'new@example.com', ip: '10.0.0.2' })).resolves.toBeUndefined();
    await throttle.recordFailure(db, 'customer', { email: 'u9@example.com', ip: '10.0.0.2' });
    await expect(throttle.before(db, 'customer', { email: 'new@example.com', ip: '10.0.0.2' })).rejects.toThrow(/Too many/);
    await expect(throttle.before(db, 'customer', { email: 'new@example.com', ip: '10.0.0.3' })).resolves.toBeUndefined();
  });

  it('forgets an email after a success, but not the IP', async () => {
    const db = database.db;
    const throttle = new LoginThrottle({ maxFailures: 2, lockoutSeconds: 60, slowdownMs: 0 }, () => start);
    const keys = { email: 'b@example.com', ip: '10.0.0.4' };
    await throttle.recordFailure(db, 'customer', keys);
    await throttle.recordSuccess(db, 'customer', keys);
    await throttle.recordFailure(db, 'customer', { ...keys, ip: '10.0.0.5' });
    await expect(throttle.before(db, 'customer', { ...keys, ip: '10.0.0.6' })).resolves.toBeUndefined();
  });

  it('keeps admin and customer counters apart', async () => {
    const db = database.db;
    const throttle = new LoginThrottle({ maxFailures: 1, lockoutSeconds: 60, slowdownMs: 0 }, () => start);
    const keys = { email: 'c@example.com', ip: '10.0.0.7' };
    await throttle.recordFailure(db, 'admin', keys);
    await expect(throttle.before(db, 'admin', keys)).rejects.toThrow(/Too many/);
    await expect(throttle.before(db, 'customer', keys)).resolves.toBeUndefined();
  });

  it('catches failures spread across a window boundary', async () => {
    const db = database.db;
    const windowEnd = Math.ceil(start / 60_000) * 60_000 + 60_000;
    let now = windowEnd - 1000;
    const throttle = new LoginThrottle({ maxFailures: 3, lockoutSeconds: 60, slowdownMs: 0 }, () => now);
    const keys = { email: 'd@example.com', ip: '10.0.0.8' };
    await throttle.recordFailure(db, 'customer', keys);
    await throttle.recordFailure(db, 'customer', keys);
    now = windowEnd + 1000;
    await throttle.recordFailure(db, 'customer', keys);
    await expect(throttle.before(db, 'customer', keys)).rejects.toThrow(/Too many/);
  });

  it('slows the next attempt by the failures on record', async () => {
    const db = database.db;
    const throttle = new LoginThrottle({ maxFailures: 5, lockoutSeconds: 60, slowdownMs: 40 });
    const keys = { email: 'e@example.com', ip: '10.0.0.9' };
    await throttle.recordFailure(db, 'customer', keys);
    await throttle.recordFailure(db, 'customer', keys);
    const began = performance.now();
    await throttle.before(db, 'customer', keys);
    expect(performance.now() - began).toBeGreaterThanOrEqual(75);
  });
});

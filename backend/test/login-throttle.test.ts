import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { LoginThrottle } from './login-throttle.ts';

describe('login throttle', () => {
  const keys = { email: 'a@example.com', ip: '10.0.0.1' };

  it('locks an email after the limit, says when to retry, and unlocks after the lockout', async () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle({ maxFailures: 3, lockoutSeconds: 60, slowdownMs: 0 }, () => now);
    for (let i = 0; i < 3; i++) {
      await throttle.before(keys);
      throttle.recordFailure(keys);
    }
    const refused = await throttle.before(keys).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).details).toEqual({ retryAfter: 60 });
    now += 61_000;
    await expect(throttle.before(keys)).resolves.toBeUndefined();
  });

  it('counts per IP across emails, with a higher limit', async () => {
    const throttle = new LoginThrottle({ maxFailures: 2, lockoutSeconds: 60, slowdownMs: 0 });
    for (let i = 0; i < 7; i++) throttle.recordFailure({ email: `u${i}@example.com`, ip: '10.0.0.2' });
    await expect(throttle.before({ email: 'new@example.com', ip: '10.0.0.2' })).resolves.toBeUndefined();
    throttle.recordFailure({ email: 'u9@example.com', ip: '10.0.0.2' });
    await expect(throttle.before({ email: 'new@example.com', ip: '10.0.0.2' })).rejects.toThrow(/Too many/);
  });

  it('forgets an email after a success', async () => {
    const throttle = new LoginThrottle({ maxFailures: 2, lockoutSeconds: 60, slowdownMs: 0 });
    throttle.recordFailure(keys);
    throttle.recordSuccess(keys);
    throttle.recordFailure({ ...keys, ip: '10.0.0.3' });
    await expect(throttle.before({ ...keys, ip: '10.0.0.3' })).resolves.toBeUndefined();
  });
});

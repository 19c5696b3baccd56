import { describe, expect, it } from 'vitest';
import { appConfigFromEnv, EnvError, parseEnv } from './env.ts';

describe('backend environment: the storefront proxy secret and sign-in limits', () => {
  const secret = 'x'.repeat(32);

  it('passes STOREFRONT_PROXY_SECRET and the sign-in limits to the app', () => {
    const config = appConfigFromEnv(parseEnv({ STOREFRONT_PROXY_SECRET: secret, LOGIN_MAX_FAILURES: '3', LOGIN_LOCKOUT_SECONDS: '120' }));
    expect(config.storefrontProxySecret).toBe(secret);
    expect(config.auth).toMatchObject({ maxFailedLogins: 3, lockoutSeconds: 120 });
    expect(appConfigFromEnv(parseEnv({})).storefrontProxySecret).toBeUndefined();
  });

  it('refuses a short proxy secret', () => {
    expect(() => parseEnv({ STOREFRONT_PROXY_SECRET: 'short' })).toThrow(/STOREFRONT_PROXY_SECRET: must be at least 32 characters/);
  });

  it('refuses TRUST_PROXY turned on (X-Forwarded-For is never believed) and tolerates it off', () => {
    expect(() => parseEnv({ TRUST_PROXY: '1' })).toThrow(EnvError);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/STOREFRONT_PROXY_SECRET/);
    expect(() => parseEnv({ TRUST_PROXY: '0' })).not.toThrow();
  });
});

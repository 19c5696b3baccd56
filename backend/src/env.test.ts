import { describe, expect, it } from 'vitest';
import { paymentProviders } from './domains/payments/providers.ts';
import { appConfigFromEnv, EnvError, parseEnv } from './env.ts';

describe('backend environment: the storefront proxy secret and sign-in limits', () => {
  const secret = 'x'.repeat(32);

  it('passes STOREFRONT_PROXY_SECRET and the sign-in limits to the app', () => {
    const config = appConfigFromEnv(parseEnv({ STOREFRONT_PROXY_SECRET: secret, LOGIN_MAX_FAILURES: '3', LOGIN_LOCKOUT_SECONDS: '120' }));
    expect(config.storefrontProxySecret).toBe(secret);
    expect(config.auth).toMatchObject({ maxFailedLogins: 3, lockoutSeconds: 120 });
    expect(appConfigFromEnv(parseEnv({})).storefrontProxySecret).toBeUndefined();
  });

  it('offers Stripe only when its keys are set and PAYMENT_PROVIDER is unset; the test provider when asked or alone', () => {
    const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' };
    const offered = (env: Record<string, string>) => {
      const providers = paymentProviders(appConfigFromEnv(parseEnv(env)).payments!);
      return { codes: providers.all.map((provider) => provider.code), defaultCode: providers.defaultCode };
    };
    expect(offered(stripeKeys)).toEqual({ codes: ['stripe'], defaultCode: 'stripe' });
    expect(offered({ ...stripeKeys, PAYMENT_PROVIDER: 'stripe' })).toEqual({ codes: ['stripe'], defaultCode: 'stripe' });
    expect(offered({ ...stripeKeys, PAYMENT_PROVIDER: 'test' })).toEqual({ codes: ['test', 'stripe'], defaultCode: 'test' });
    expect(offered({})).toEqual({ codes: ['test'], defaultCode: 'test' });
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

import { resolve } from 'node:path';
import { z } from 'zod';
import type { AppConfig } from './app.ts';
import { authSettings } from './platform/auth/settings.ts';
import { blankIsUnset as optional } from './platform/env/blank.ts';
import { minProxySecretLength } from './platform/http/client-ip.ts';
import { parseSender, type MailSettings } from './platform/mail/mailer.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

const EnvSchema = z.object({
  BACKEND_PORT: optional(z.coerce.number().int().min(1).max(65_535)).transform((port) => port ?? 8080),
  BACKEND_HOST: optional(z.string()).transform((host) => host ?? '127.0.0.1'),
  /** A PostgreSQL server; when unset the embedded PGlite database is used. */
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })),
  PGLITE_DIR: optional(z.string()).transform((dir) => resolve(dir ?? resolve(repoRoot, '.data/pglite'))),
  /** HS256 key of customer and API tokens; without it a random key is made at start (tokens die with the process). */
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  JWT_ISSUER: optional(z.string().min(1)),
  JWT_AUDIENCE: optional(z.string().min(1)),
  /** Lifetimes in seconds: access 1 h and refresh 30 days by default. */
  ACCESS_TOKEN_TTL: optional(z.coerce.number().int().min(60).max(86_400)),
  REFRESH_TOKEN_TTL: optional(z.coerce.number().int().min(3600).max(365 * 86_400)),
  /**
   * Shared with the storefront (DECISIONS.md 41): it signs the visitor's IP it forwards in X-Client-IP.
   * Unset: every request counts under its socket address (behind the storefront: the worker's).
   */
  STOREFRONT_PROXY_SECRET: optional(z.string().min(minProxySecretLength, `must be at least ${minProxySecretLength} characters`)),
  /** Removed: X-Forwarded-For is never believed. Refused when set to a true value, so the change cannot pass unnoticed. */
  TRUST_PROXY: optional(z.string()),
  /** Free sign-in attempts per (email, IP) pair, and the longest wait after them (an IP is locked that long after four times as many); see LoginThrottle. */
  LOGIN_MAX_FAILURES: optional(z.coerce.number().int().min(1).max(1000)),
  LOGIN_LOCKOUT_SECONDS: optional(z.coerce.number().int().min(10).max(86_400)),
  /** Unset: Stripe when its keys are set, else the test provider (DECISIONS.md 57: never test beside a live provider unless asked). */
  PAYMENT_PROVIDER: optional(z.enum(['test', 'stripe'])),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)')),
  /** Only for tests that stand a local server in for api.stripe.com. */
  STRIPE_API_BASE: optional(z.url()),
  ADMIN_EMAIL: optional(z.email()),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
  SYNC_SECRET: optional(z.string()),
  STOREFRONT_URL: optional(z.url()),
  /** Module ids to load, comma-separated; unset loads every module, blank none. */
  MODULES: z.string().optional(),
  /** Public origins of other store views for links in emails: JSON `{"au": "https://au.example.com"}`. */
  STOREFRONT_URLS: optional(
    z.preprocess((value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    }, z.record(z.string().min(1), z.url(), { error: 'must be a JSON object of store code to URL' })),
  ),
  /** SMTP delivery of the outbox; unset: emails are recorded and marked unsent. */
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  /** Sender of every email instead of the store's (e.g. `Shop <shop@example.com>`). */
  MAIL_FROM: optional(
    z.string().refine((value) => {
      try {
        parseSender(value);
        return true;
      } catch {
        return false;
      }
    }, 'must be "Name <address@example.com>" or an address'),
  ),
  MAIL_MAX_ATTEMPTS: optional(z.coerce.number().int().min(1).max(100)),
  MAIL_RETRY_MS: optional(z.coerce.number().int().min(10).max(86_400_000)),
  MAIL_POLL_MS: optional(z.coerce.number().int().min(10).max(3_600_000)),
});

export type BackendEnv = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(issues: string[]) {
    super(`Invalid backend configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment once, at startup; every problem is reported at once, by variable name. */
export function parseEnv(source: Record<string, string | undefined> = process.env): BackendEnv {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = result.data;
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new EnvError(['ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither']);
  }
  if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_PUBLISHABLE_KEY === undefined)) {
    throw new EnvError(['STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both or neither']);
  }
  if (env.TRUST_PROXY !== undefined && ['1', 'true', 'yes', 'on'].includes(env.TRUST_PROXY.toLowerCase())) {
    throw new EnvError([
      "TRUST_PROXY: no longer supported, X-Forwarded-For is never believed; remove it and set STOREFRONT_PROXY_SECRET to the storefront's value (it signs the visitor's IP)",
    ]);
  }
  if (env.PAYMENT_PROVIDER === 'stripe' && env.STRIPE_SECRET_KEY === undefined) {
    throw new EnvError(['PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY']);
  }
  return env;
}

/** The database the environment points at: PostgreSQL when DATABASE_URL is set, else PGlite on disk. */
export function databaseTarget(env: BackendEnv): { url: string } | { dataDir: string } {
  return env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DIR };
}

/** The admin account to create at seed time, when the environment names one. */
export function adminFromEnv(env: BackendEnv): { email: string; password: string } | undefined {
  return env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
}

/** The app configuration the environment describes (token settings, payments, the storefront proxy's secret). */
export function appConfigFromEnv(env: BackendEnv): Pick<AppConfig, 'auth' | 'payments' | 'storefrontProxySecret'> {
  const auth = authSettings({
    secret: env.JWT_SECRET,
    ...(env.JWT_ISSUER ? { issuer: env.JWT_ISSUER } : {}),
    ...(env.JWT_AUDIENCE ? { audience: env.JWT_AUDIENCE } : {}),
    ...(env.ACCESS_TOKEN_TTL ? { accessTtlSeconds: env.ACCESS_TOKEN_TTL } : {}),
    ...(env.REFRESH_TOKEN_TTL ? { refreshTtlSeconds: env.REFRESH_TOKEN_TTL } : {}),
    ...(env.LOGIN_MAX_FAILURES ? { maxFailedLogins: env.LOGIN_MAX_FAILURES } : {}),
    ...(env.LOGIN_LOCKOUT_SECONDS ? { lockoutSeconds: env.LOGIN_LOCKOUT_SECONDS } : {}),
  });
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY, apiBase: env.STRIPE_API_BASE }
      : undefined;
  const defaultProvider = env.PAYMENT_PROVIDER ?? (stripe ? 'stripe' : 'test');
  return { auth, payments: { defaultProvider, stripe }, storefrontProxySecret: env.STOREFRONT_PROXY_SECRET };
}

/** The mailer's settings: SMTP, sender, storefront origins for links, delivery timing. */
export function mailSettingsFromEnv(env: BackendEnv): MailSettings {
  const delivery = {
    ...(env.MAIL_MAX_ATTEMPTS ? { maxAttempts: env.MAIL_MAX_ATTEMPTS } : {}),
    ...(env.MAIL_RETRY_MS ? { retryBaseMs: env.MAIL_RETRY_MS } : {}),
    ...(env.MAIL_POLL_MS ? { pollMs: env.MAIL_POLL_MS } : {}),
  };
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, storefrontUrl: env.STOREFRONT_URL, storefrontUrls: env.STOREFRONT_URLS, delivery };
}

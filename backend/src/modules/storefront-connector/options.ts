import { z } from 'zod';
import { secretKeyFrom, type SecretKey } from './crypto.ts';

/** How the connector behaves; tests shorten the windows and point the Cloudflare API at a local stand-in. */
export interface ConnectorOptions {
  /** Defaults for the admin configuration, so `npm start` works with nothing configured. */
  defaults: { storefrontUrl?: string; syncSecret?: string };
  /** Key of the secrets stored in the database; without it secrets can come only from the environment. */
  secretKey?: SecretKey;
  /** Saves within this window coalesce into one sync call per type (default 2000 ms). */
  debounceMs: number;
  /** Retries after the first attempt; the waits double from retryMinTimeoutMs (default 4 retries, 1 s). */
  retries: number;
  retryMinTimeoutMs: number;
  /** A full sync of a large catalog takes a while; this bounds one call (default 5 minutes). */
  requestTimeoutMs: number;
  /** https://api.cloudflare.com/client/v4 unless a test stands a local server in. */
  cloudflareApiBase: string;
}

const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema.optional());
const milliseconds = (fallback: number) => optional(z.coerce.number().int().min(0).max(3_600_000)).transform((ms) => ms ?? fallback);

const ConnectorEnv = z.object({
  STOREFRONT_URL: optional(z.url({ protocol: /^https?$/ })),
  SYNC_SECRET: optional(z.string()),
  CONFIG_ENCRYPTION_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  JWT_SECRET: optional(z.string()),
  STOREFRONT_SYNC_DEBOUNCE_MS: milliseconds(2000),
  STOREFRONT_SYNC_RETRIES: optional(z.coerce.number().int().min(0).max(10)).transform((n) => n ?? 4),
  STOREFRONT_SYNC_RETRY_MS: milliseconds(1000),
  STOREFRONT_SYNC_TIMEOUT_MS: milliseconds(300_000),
  CLOUDFLARE_API_BASE: optional(z.url({ protocol: /^https?$/ })).transform((url) => (url ?? 'https://api.cloudflare.com/client/v4').replace(/\/+$/, '')),
});

/** Reads the connector's variables once, at startup; a bad value fails the start with the variable's name. */
export function connectorOptionsFromEnv(source: Record<string, string | undefined> = process.env): ConnectorOptions {
  const parsed = ConnectorEnv.safeParse(source);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid storefront connector configuration: ${issues}`);
  }
  const env = parsed.data;
  return {
    defaults: { storefrontUrl: env.STOREFRONT_URL?.replace(/\/+$/, ''), syncSecret: env.SYNC_SECRET },
    secretKey: secretKeyFrom(env),
    debounceMs: env.STOREFRONT_SYNC_DEBOUNCE_MS,
    retries: env.STOREFRONT_SYNC_RETRIES,
    retryMinTimeoutMs: env.STOREFRONT_SYNC_RETRY_MS,
    requestTimeoutMs: env.STOREFRONT_SYNC_TIMEOUT_MS,
    cloudflareApiBase: env.CLOUDFLARE_API_BASE,
  };
}

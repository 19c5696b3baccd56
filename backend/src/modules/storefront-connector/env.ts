import { z } from 'zod';
import { blankIsUnset } from '../../platform/env/blank.ts';

const milliseconds = (fallback: number) => blankIsUnset(z.coerce.number().int().min(0).max(3_600_000)).transform((ms) => ms ?? fallback);

/** The connector's variables, parsed once when the app starts (ModuleDefinition.env). */
export const ConnectorEnvSchema = z
  .object({
    STOREFRONT_URL: blankIsUnset(z.url({ protocol: /^https?$/ })),
    SYNC_SECRET: blankIsUnset(z.string()),
    /** Saves within this window coalesce into one sync call per type (default 2000 ms). */
    STOREFRONT_SYNC_DEBOUNCE_MS: milliseconds(2000),
    /** Retries after the first attempt; the waits double from STOREFRONT_SYNC_RETRY_MS (default 4 retries, 1 s). */
    STOREFRONT_SYNC_RETRIES: blankIsUnset(z.coerce.number().int().min(0).max(10)).transform((n) => n ?? 4),
    STOREFRONT_SYNC_RETRY_MS: milliseconds(1000),
    /** A full sync of a large catalog takes a while; this bounds one call (default 5 minutes). */
    STOREFRONT_SYNC_TIMEOUT_MS: milliseconds(300_000),
    /** https://api.cloudflare.com/client/v4 unless a test stands a local server in. */
    CLOUDFLARE_API_BASE: blankIsUnset(z.url({ protocol: /^https?$/ })).transform((url) => (url ?? 'https://api.cloudflare.com/client/v4').replace(/\/+$/, '')),
  })
  .transform((env) => ({
    storefrontUrl: env.STOREFRONT_URL?.replace(/\/+$/, ''),
    syncSecret: env.SYNC_SECRET,
    debounceMs: env.STOREFRONT_SYNC_DEBOUNCE_MS,
    retries: env.STOREFRONT_SYNC_RETRIES,
    retryMinTimeoutMs: env.STOREFRONT_SYNC_RETRY_MS,
    requestTimeoutMs: env.STOREFRONT_SYNC_TIMEOUT_MS,
    cloudflareApiBase: env.CLOUDFLARE_API_BASE,
  }));
export type ConnectorEnv = z.infer<typeof ConnectorEnvSchema>;

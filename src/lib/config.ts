/**
 * The worker's configuration, parsed once from its bindings with zod so a misconfiguration fails
 * with a clear message instead of deep inside a request.
 */
import { env } from 'cloudflare:workers';
import { z } from 'zod';
import { createBackendClient, type BackendClient } from './backend-client.ts';
import { DEFAULT_STORE } from './content/keys.ts';

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));
/** An unset var and an empty one mean the same: not configured. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value : undefined));

const configSchema = z.object({
  BACKEND_API_URL: httpUrl,
  /** Where `GET /admin` redirects; empty means `{BACKEND_API_URL}/admin`. */
  BACKEND_ADMIN_URL: z.union([z.literal(''), httpUrl]).optional(),
  /** How long a backend call (sync, proxy, refetch) may wait for the answer's headers. */
  BACKEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  SYNC_SECRET: z.string().optional(),
  /** Turns the preview password gate on (DECISIONS.md 15); unset or empty means off. */
  PREVIEW_PASSWORD: optionalText,
  ASSET_HASH: z.string().default('dev'),
  /** JSON object of host name to store code (DECISIONS.md 8); unlisted hosts use the default store. */
  STORES: z
    .string()
    .default('{}')
    .transform((text, context) => {
      const parsed = z.record(z.string(), z.string().min(1)).safeParse(safeJson(text));
      if (parsed.success) return parsed.data;
      context.addIssue({ code: 'custom', message: 'STORES must be a JSON object of host name to store code' });
      return z.NEVER;
    }),
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type StorefrontConfig = z.infer<typeof configSchema>;

let cached: StorefrontConfig | undefined;

export function getConfig(): StorefrontConfig {
  if (cached) return cached;
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid storefront configuration: ${z.prettifyError(result.error)}`);
  }
  cached = result.data;
  return cached;
}

/** The client of the one seam to the backend, as configured. */
export function backendClient(config: StorefrontConfig = getConfig()): BackendClient {
  return createBackendClient({ baseUrl: config.BACKEND_API_URL, timeoutMs: config.BACKEND_TIMEOUT_MS });
}

/** The backend admin panel that `GET /admin` redirects to. */
export function adminUrl(config: StorefrontConfig = getConfig()): string {
  return config.BACKEND_ADMIN_URL || `${config.BACKEND_API_URL}/admin`;
}

/** The host names the STORES var maps to store views (each may carry a port). */
export function storeHosts(config: StorefrontConfig = getConfig()): string[] {
  return Object.keys(config.STORES);
}

/** The store view a request addresses, by its host name (DECISIONS.md 8). */
export function storeForUrl(url: URL, config: StorefrontConfig = getConfig()): string {
  return config.STORES[url.hostname] ?? config.STORES[url.host] ?? DEFAULT_STORE;
}

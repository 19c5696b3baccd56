/**
 * The worker's configuration, parsed once from its bindings with zod so a misconfiguration fails
 * with a clear message instead of deep inside a request.
 */
import { env } from 'cloudflare:workers';
import { z } from 'zod';
import { createBackendClient, type BackendClient } from './backend-client.ts';
import { publicOrigin } from './agents/public-origin.ts';
import { DEFAULT_STORE } from './content/keys.ts';

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));
/** An unset var and an empty one mean the same: not configured. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value : undefined));

/** An origin (scheme, host, port) and nothing else: absolute URLs are built on it. */
const originUrl = z.url({ protocol: /^https?$/ }).transform((url, context) => {
  const parsed = new URL(url);
  if (parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username || parsed.password) {
    context.addIssue({ code: 'custom', message: `${url} must be an origin only (no path, query or credentials)` });
    return z.NEVER;
  }
  return parsed.origin;
});

const storeEntrySchema = z.union([
  z.string().min(1).transform((store) => ({ store, origin: undefined })),
  z.object({ store: z.string().min(1), origin: originUrl.optional() }),
]);

const configSchema = z.object({
  BACKEND_API_URL: httpUrl,
  /** Where `GET /admin` redirects; empty means `{BACKEND_API_URL}/admin`. */
  BACKEND_ADMIN_URL: z.union([z.literal(''), httpUrl]).optional(),
  /** How long a backend call (sync, proxy, refetch) may wait for the answer's headers. */
  BACKEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  SYNC_SECRET: z.string().optional(),
  /**
   * Shared with the backend (DECISIONS.md 41): signs the visitor's IP the /api proxy forwards, so the
   * backend's sign-in limits count shoppers, not the worker. Unset or empty: no IP is forwarded.
   */
  STOREFRONT_PROXY_SECRET: optionalText,
  /**
   * Signs the shopper's session cookie (DECISIONS.md 31; session/session-token.ts), at least 32
   * characters. Unset, empty or shorter: no session cookie is issued or believed, so every page
   * is the guest view (fail closed) while sign-in in the browser still works.
   */
  SESSION_SECRET: optionalText,
  /** Turns the preview password gate on (DECISIONS.md 15); unset or empty means off. */
  PREVIEW_PASSWORD: optionalText,
  ASSET_HASH: z.string().default('dev'),
  /**
   * The worker entry answers cached pages and fixed routes before Astro runs (pipeline/early-response.ts).
   * `off` sends every request through Astro: the same answers, at Astro's cost; a switch for operators.
   */
  EARLY_RESPONSES: z.enum(['on', 'off']).default('on'),
  /**
   * A path the worker entry answers with a fixed 204 before anything else: the worker's own ceiling
   * for `npm run bench`. Unset (as deployed): no such path.
   */
  CEILING_PROBE_PATH: optionalText,
  /**
   * Agent commerce (DECISIONS.md 59): `on` makes `/mcp` a real MCP server speaking UCP's shopping
   * tools and publishes `/.well-known/ucp` and `/.well-known/oauth-protected-resource`; `off` (the
   * default) keeps SPEC.md's 503 and the `planned` card.
   */
  AGENT_COMMERCE: z.enum(['on', 'off']).default('off'),
  /**
   * JSON object of host name to store view (DECISIONS.md 8); unlisted hosts use the default store.
   * A value is a store code, or `{"store": code, "origin": "https://..."}` when the store's public
   * origin is not simply `https://{host}` (see agents/public-origin.ts).
   */
  STORES: z
    .string()
    .default('{}')
    .transform((text, context) => {
      const parsed = z.record(z.string(), storeEntrySchema).safeParse(safeJson(text));
      if (parsed.success) return parsed.data;
      context.addIssue({
        code: 'custom',
        message: 'STORES must be a JSON object of host name to a store code or {"store": code, "origin": url}',
      });
      return z.NEVER;
    }),
  /**
   * Public origin of the default store (DECISIONS.md 11), used for absolute URLs in the agent
   * documents of requests on hosts STORES does not list. Unset: only local hosts get documents.
   */
  PUBLIC_ORIGIN: z.union([z.literal(''), originUrl]).optional(),
  /**
   * The Cloudflare zone of the storefront's hosts and an API token allowed to purge its cache
   * (secrets, DECISIONS.md 53). With both, a purge reaches every data centre (cache/global-purge.ts);
   * without, only the one it runs in.
   */
  CF_ZONE_ID: optionalText,
  CF_API_TOKEN: optionalText,
  /** Origin of the Cloudflare API; unset means https://api.cloudflare.com (tests stand a local server in). */
  CF_API_BASE_URL: z.union([z.literal(''), originUrl]).optional(),
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type StorefrontConfig = z.infer<typeof configSchema>;
export type StoreEntry = z.infer<typeof storeEntrySchema>;

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
export function backendClient(config: StorefrontConfig = getConfig(), send?: typeof fetch): BackendClient {
  return createBackendClient({ baseUrl: config.BACKEND_API_URL, timeoutMs: config.BACKEND_TIMEOUT_MS, proxySecret: config.STOREFRONT_PROXY_SECRET, fetch: send });
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
  // Asked several times per request (the wall, the cache key, the page): lookups only, no copies.
  return (config.STORES[url.hostname] ?? config.STORES[url.host])?.store ?? DEFAULT_STORE;
}

/**
 * The STORES entry of a request's host (listed with or without its port), with the host name as
 * configured: that, not the request's Host header, is what absolute URLs may be built on.
 */
export function storeEntryForUrl(url: URL, config: StorefrontConfig = getConfig()): (StoreEntry & { host: string }) | undefined {
  for (const host of [url.hostname, url.host]) {
    const entry = config.STORES[host];
    if (entry) return { ...entry, host };
  }
  return undefined;
}

/** The public origin of a request's store for absolute URLs (DECISIONS.md 11); null when not configured. */
export function publicOriginForUrl(url: URL, config: StorefrontConfig = getConfig()): string {
  return publicOrigin(url, { entry: storeEntryForUrl(url, config), publicOrigin: config.PUBLIC_ORIGIN || undefined });
}

/**
 * The worker's configuration, parsed once from its bindings with zod so a misconfiguration fails
 * with a clear message instead of deep inside a request.
 */
import { env } from 'cloudflare:workers';
import { z } from 'zod';
import { DEFAULT_STORE } from './content/keys.ts';

const configSchema = z.object({
  BACKEND_API_URL: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
  SYNC_SECRET: z.string().optional(),
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

/** The store view a request addresses, by its host name (DECISIONS.md 8). */
export function storeForUrl(url: URL, config: StorefrontConfig = getConfig()): string {
  return config.STORES[url.hostname] ?? config.STORES[url.host] ?? DEFAULT_STORE;
}

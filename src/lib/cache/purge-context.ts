/** What a purge needs from the worker's bindings and configuration (cache/purge.ts). */
import { env } from 'cloudflare:workers';
import { CLOUDFLARE_API_ORIGIN } from '../../../contracts/cache-tags.ts';
import { storeForUrl, type StorefrontConfig } from '../config.ts';
import type { CloudflareZone } from './global-purge.ts';
import type { PurgeContext } from './purge.ts';

/** The zone to purge in every data centre, when both its id and a token are configured. */
export function cloudflareZone(config: StorefrontConfig): CloudflareZone | null {
  if (!config.CF_ZONE_ID || !config.CF_API_TOKEN) return null;
  return { zoneId: config.CF_ZONE_ID, apiToken: config.CF_API_TOKEN, apiOrigin: config.CF_API_BASE_URL || CLOUDFLARE_API_ORIGIN };
}

export function purgeContext(config: StorefrontConfig): PurgeContext {
  return {
    kv: env.CONTENT,
    assetHash: config.ASSET_HASH,
    storeFor: (url: URL) => storeForUrl(url, config),
    cloudflare: cloudflareZone(config),
  };
}

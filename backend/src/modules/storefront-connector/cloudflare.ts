import { pathTag, purgeTagBodies } from '../../../../contracts/cache-tags.ts';
import type { CloudflareAuth } from './config.ts';

/** Headers of a Cloudflare API call: a Bearer token, or the legacy global key with its account email. */
export function cloudflareHeaders(auth: CloudflareAuth): Record<string, string> {
  return 'token' in auth ? { authorization: `Bearer ${auth.token}` } : { 'x-auth-email': auth.email, 'x-auth-key': auth.key };
}

/**
 * purge_cache bodies (`{"tags": [...]}`, 30 a call) for storefront paths: the `p-` tag every edge
 * copy of a path carries (DECISIONS.md 53), the guest's and each customer group's, in every store.
 * The worker stores its pages under keys of its own, so purging the page URLs would remove nothing.
 */
export async function purgeBodies(paths: readonly string[]): Promise<{ tags: string[] }[]> {
  return purgeTagBodies(await Promise.all(paths.map((path) => pathTag(path))));
}

export const purgeUrl = (apiBase: string, zoneId: string) => `${apiBase}/zones/${encodeURIComponent(zoneId)}/purge_cache`;

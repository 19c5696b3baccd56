import type { CloudflareAuth } from './config.ts';

/** Headers of a Cloudflare API call: a Bearer token, or the legacy global key with its account email. */
export function cloudflareHeaders(auth: CloudflareAuth): Record<string, string> {
  return 'token' in auth ? { authorization: `Bearer ${auth.token}` } : { 'x-auth-email': auth.email, 'x-auth-key': auth.key };
}

/** Cloudflare accepts at most 30 URLs per purge-by-URL call (Free and Pro plans). */
export const purgeBatchSize = 30;

/** Absolute URLs of storefront paths, split into purge_cache bodies (`{"files": [...]}`). */
export function purgeBodies(storefrontUrl: string, paths: readonly string[]): { files: string[] }[] {
  const files = [...new Set(paths.map((path) => new URL(path, `${storefrontUrl}/`).toString()))];
  const bodies: { files: string[] }[] = [];
  for (let i = 0; i < files.length; i += purgeBatchSize) bodies.push({ files: files.slice(i, i + purgeBatchSize) });
  return bodies;
}

export const purgeUrl = (apiBase: string, zoneId: string) => `${apiBase}/zones/${encodeURIComponent(zoneId)}/purge_cache`;

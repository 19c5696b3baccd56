import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { getConfig } from '../lib/config.ts';
import { json, methodNotAllowed } from '../lib/http/responses.ts';
import { readPulse } from '../lib/content/content-store.ts';

/** GET /pulse (DECISIONS.md 5): build hash, data hash and when content last changed. */
export const ALL: APIRoute = async ({ request }) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  const pulse = await readPulse(env.CONTENT);
  return json({ assetHash: getConfig().ASSET_HASH, pulse: pulse?.hash ?? null, lastSyncAt: pulse?.updatedAt ?? null });
};

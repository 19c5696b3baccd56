import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { getConfig } from '../lib/config.ts';
import { pulseResponse } from '../lib/pipeline/fixed-routes.ts';

/** GET /pulse (DECISIONS.md 5); the worker entry usually answers it before Astro runs. */
export const ALL: APIRoute = ({ request }) => pulseResponse(request, { kv: env.CONTENT, assetHash: getConfig().ASSET_HASH });

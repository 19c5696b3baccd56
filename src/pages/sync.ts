import type { APIRoute } from 'astro';
import { handleSync } from '../lib/sync/endpoint.ts';
import { syncTypes } from '../lib/sync/parts.ts';

/** POST /sync: every entity type for every store (or ?store=CODE). */
export const ALL: APIRoute = ({ request }) => handleSync(request, syncTypes);

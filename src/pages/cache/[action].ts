import type { APIRoute } from 'astro';
import { handleCacheDelete, handleCachePurge, handleCacheUpdate } from '../../lib/management/cache-endpoints.ts';
import { jsonError } from '../../lib/http/responses.ts';

const handlers: Record<string, (request: Request) => Promise<Response>> = {
  update: handleCacheUpdate,
  purge: handleCachePurge,
  delete: handleCacheDelete,
};

/** POST /cache/update, /cache/purge, /cache/delete (secret required). */
export const ALL: APIRoute = ({ request, params }) => {
  const handler = handlers[params.action ?? ''];
  if (!handler) {
    return jsonError(404, 'not_found', `No cache endpoint "${params.action}".`, { details: { allowed: Object.keys(handlers) } });
  }
  return handler(request);
};

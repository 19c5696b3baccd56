import type { APIRoute } from 'astro';
import { jsonError } from '../../lib/http/responses.ts';
import { handleSync } from '../../lib/sync/endpoint.ts';
import { syncTypeBySegment } from '../../lib/sync/parts.ts';

/** POST /sync/{config|categories|products|cms-pages|blog-posts|countries}: one entity type. */
export const ALL: APIRoute = ({ request, params }) => {
  const type = syncTypeBySegment[params.type ?? ''];
  if (!type) {
    return jsonError(404, 'unknown_sync_type', `No sync for "${params.type}".`, {
      details: { allowed: Object.keys(syncTypeBySegment) },
    });
  }
  return handleSync(request, [type]);
};

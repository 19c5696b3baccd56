import type { APIRoute } from 'astro';
import { createBackendClient } from '../../lib/backend-client.ts';
import { getConfig } from '../../lib/config.ts';
import { jsonError, methodNotAllowed } from '../../lib/http/responses.ts';
import { safePathSegments } from '../../lib/http/safe-path.ts';

/** GET /media/*: product and category images, proxied from the backend (SPEC.md). */
export const ALL: APIRoute = async ({ request, url }) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  // The raw (still encoded) path, decoded exactly once by safePathSegments.
  const segments = safePathSegments(url.pathname.slice('/media/'.length));
  if (!segments) return jsonError(400, 'invalid_path', 'The media path is not valid.');
  const client = createBackendClient({ baseUrl: getConfig().BACKEND_API_URL });
  try {
    return await client.media(segments, request.method);
  } catch (error) {
    console.error('media proxy failed:', error);
    return jsonError(502, 'backend_unavailable', 'The media file could not be fetched from the backend.');
  }
};

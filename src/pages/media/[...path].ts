import type { APIRoute } from 'astro';
import { backendClient } from '../../lib/config.ts';
import { jsonError, methodNotAllowed } from '../../lib/http/responses.ts';
import { safePathSegments } from '../../lib/http/safe-path.ts';

/** GET /media/*: product and category images, proxied from the backend (SPEC.md). */
export const ALL: APIRoute = async ({ request, url }) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  // The raw (still encoded) path, decoded exactly once by safePathSegments.
  const segments = safePathSegments(url.pathname.slice('/media/'.length));
  if (!segments) return jsonError(400, 'invalid_path', 'The media path is not valid.');
  try {
    return await backendClient().media(segments, request.method);
  } catch (error) {
    console.error('media proxy failed:', error);
    return jsonError(502, 'backend_unavailable', 'The media file could not be fetched from the backend.');
  }
};

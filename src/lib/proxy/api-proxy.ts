/**
 * `/api/*` → `{backend}/api/rest/v2/*` (SPEC.md "Freshness and proxy"). `/api/auth/*`,
 * `/api/docs.json`, `/api/docs` and the docs page's assets follow from the same mapping. The path is
 * decoded once and refused when a segment could step outside /api/rest/v2 once decoded.
 */
import { BackendError, type BackendClient } from '../backend-client.ts';
import { jsonError } from '../http/responses.ts';
import { safePathSegments } from '../http/safe-path.ts';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './api-headers.ts';
import { addSignedClientIp } from './client-ip.ts';

export const API_MOUNT = '/api';

/** The segments below /api and whether the path ended in a slash; null when the path is unsafe. */
export function apiSubPath(pathname: string): { segments: string[]; trailingSlash: boolean } | null {
  if (pathname !== API_MOUNT && !pathname.startsWith(`${API_MOUNT}/`)) return null;
  let rest = pathname.slice(API_MOUNT.length + 1);
  const trailingSlash = rest.endsWith('/');
  if (trailingSlash) rest = rest.slice(0, -1);
  if (rest === '') return trailingSlash ? null : { segments: [], trailingSlash: false };
  const segments = safePathSegments(rest);
  return segments ? { segments, trailingSlash } : null;
}

/**
 * Forwards one client call. `proxySecret` (STOREFRONT_PROXY_SECRET) signs the visitor's IP for the
 * backend's rate limits; without it the backend counts every shopper under the worker's address.
 */
export async function proxyApiCall(request: Request, url: URL, client: BackendClient, store: string, proxySecret?: string): Promise<Response> {
  const subPath = apiSubPath(url.pathname);
  if (!subPath) return jsonError(400, 'invalid_path', 'The API path is not valid.');
  const headers = upstreamRequestHeaders(request.headers, store);
  await addSignedClientIp(headers, request.headers, proxySecret);
  let upstream: Response;
  try {
    upstream = await client.proxy({
      method: request.method,
      ...subPath,
      search: url.search,
      headers,
      body: request.body,
    });
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    console.error(`API proxy ${request.method} ${url.pathname} failed: ${error.message}`);
    return error.timedOut
      ? jsonError(504, 'backend_timeout', 'The backend did not answer in time.')
      : jsonError(502, 'backend_unavailable', 'The backend could not be reached.');
  }
  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: downstreamResponseHeaders(upstream.headers),
  });
}

/**
 * Headers every storefront response carries, added on the way out of the pipeline.
 * Static assets get the same Link header from public/_headers (they never reach the worker code).
 */

/** SPEC.md: every response advertises the API catalog (RFC 9727). */
export const API_CATALOG_LINK = '</.well-known/api-catalog>; rel="api-catalog"';

const BASELINE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Returns a response whose headers can be changed, with the standard headers applied. */
export function withStandardHeaders(response: Response): Response {
  const result = new Response(response.body, response);
  result.headers.append('Link', API_CATALOG_LINK);
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) {
    if (!result.headers.has(name)) result.headers.set(name, value);
  }
  return result;
}

/**
 * Cross-origin `/api/*` (DECISIONS.md 33): the widget on any website calls the store's API with
 * `X-Cart-Token`, never cookies, so every origin may call it without credentials: no
 * `Access-Control-Allow-Credentials`, so a browser never sends the shop's cookies cross-site, and the
 * session cookie is only ever set for the shop's own origin (session/auth-answer-cookie.ts).
 */

const ALLOWED_HEADERS = 'Content-Type, Authorization, X-Cart-Token, Idempotency-Key, X-Store-Code';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
/** What a cross-origin caller may read besides the simple headers: the guest cart's token. */
const EXPOSED_HEADERS = 'X-Cart-Token, Location, Retry-After';

/** The 204 answer to a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`), or any OPTIONS. */
export function preflightAnswer(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': '600',
    },
  });
}

/** The response with the headers a cross-origin caller needs to read it. */
export function withCors(response: Response): Response {
  const result = new Response(response.body, response);
  result.headers.set('Access-Control-Allow-Origin', '*');
  result.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  return result;
}

/** JSON responses of the storefront's own endpoints (DECISIONS.md 2): `{error, message, details?}`. */

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const response = Response.json(body, { status, headers });
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export function jsonError(
  status: number,
  error: string,
  message: string,
  options: { details?: unknown; headers?: HeadersInit } = {},
): Response {
  const body = options.details === undefined ? { error, message } : { error, message, details: options.details };
  return json(body, status, options.headers);
}

export function methodNotAllowed(allow: string[]): Response {
  return jsonError(405, 'method_not_allowed', `Use ${allow.join(' or ')} on this path.`, {
    headers: { Allow: allow.join(', ') },
  });
}

import { jsonError } from './responses.ts';

/** Request bodies of management endpoints are small; anything larger is refused (DECISIONS.md 2). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON object body. An empty body is `{}` (callers authenticating by header send none).
 * Returns a ready 4xx Response for oversized, non-JSON or non-object bodies.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown> | Response> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_BODY_BYTES) return tooLarge();
  const buffer = await request.arrayBuffer();
  if (buffer.byteLength > MAX_BODY_BYTES) return tooLarge();
  const text = new TextDecoder().decode(buffer).trim();
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return jsonError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return jsonError(400, 'invalid_body', 'The request body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

function tooLarge(): Response {
  return jsonError(413, 'payload_too_large', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
}

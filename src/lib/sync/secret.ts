/**
 * The shared secret of the management endpoints (DECISIONS.md 1): an `Authorization: Bearer`
 * header decides when present, else the JSON body's `secret`. Compared in constant time.
 */
import { jsonError } from '../http/responses.ts';
import { sha256Hex } from '../hex.ts';
import { isUsableSecret } from './usable-secret.ts';

/** Equal-length digests compared without an early exit, so timing reveals nothing of the secret. */
export async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([sha256Hex(a), sha256Hex(b)]);
  let difference = 0;
  for (let index = 0; index < left.length; index++) difference |= left.charCodeAt(index) ^ right.charCodeAt(index);
  return difference === 0;
}

/** Null when authorized; otherwise the 401/503 response to send. */
export async function checkSecret(
  request: Request,
  body: Record<string, unknown>,
  configured: string | undefined,
): Promise<Response | null> {
  if (!isUsableSecret(configured)) {
    return jsonError(503, 'sync_secret_not_configured', 'SYNC_SECRET is not set to a usable value on this storefront.');
  }
  const header = request.headers.get('Authorization');
  const offered = header !== null ? /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() : body.secret;
  if (typeof offered === 'string' && (await constantTimeEqual(offered, configured))) return null;
  return jsonError(401, 'unauthorized', 'A valid sync secret is required.');
}

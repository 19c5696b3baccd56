/**
 * The common start of every secret-protected management endpoint: POST only, a JSON object body
 * of at most 1 MiB, the sync secret (DECISIONS.md 1), then the zod schema of the body.
 */
import type { z } from 'zod';
import { getConfig, type StorefrontConfig } from '../config.ts';
import { parseBody } from '../http/parse-body.ts';
import { readJsonBody } from '../http/read-json-body.ts';
import { methodNotAllowed } from '../http/responses.ts';
import { checkSecret } from '../sync/secret.ts';

export async function readManagementRequest<T>(
  request: Request,
  schema: z.ZodType<T>,
): Promise<{ body: T; config: StorefrontConfig } | Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const raw = await readJsonBody(request);
  if (raw instanceof Response) return raw;
  const config = getConfig();
  const denied = await checkSecret(request, raw, config.SYNC_SECRET);
  if (denied) return denied;
  const body = parseBody(schema, raw);
  return body instanceof Response ? body : { body, config };
}

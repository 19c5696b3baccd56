import { createRoute, z } from '@hono/zod-openapi';
import type { Caller } from '../../../core/auth/caller.ts';
import { AppError } from '../../../core/errors.ts';
import type { AppEnv } from '../../../core/http/context.ts';
import { createRouter } from '../../../core/http/router.ts';
import { ErrorSchema, errorResponses, jsonContent } from '../../../core/http/schemas.ts';
import type { Connector } from '../connector.ts';

const SyncOutcome = z
  .object({
    success: z.boolean(),
    attempts: z.number().int().openapi({ description: 'HTTP calls made (1 plus retries); each is in the sync log.' }),
    httpStatus: z.number().int().optional().openapi({ description: "The storefront's last HTTP status, absent when it could not be reached." }),
    error: z.string().optional(),
  })
  .openapi('StorefrontSyncOutcome');

const syncRoute = createRoute({
  method: 'post',
  path: '/storefront-connector/sync',
  tags: ['Storefront connector'],
  summary: 'Sync Now: a full storefront sync (POST {storefront}/sync), retried with backoff',
  security: [{ bearerAuth: [] }],
  request: { body: { content: { 'application/json': { schema: z.object({}).openapi('StorefrontSyncRequest') } }, required: false } },
  responses: {
    200: jsonContent(SyncOutcome, 'The sync ran; `success` says whether the storefront accepted it'),
    502: jsonContent(SyncOutcome, 'The storefront failed or could not be reached after the retries'),
    ...errorResponses,
    401: jsonContent(ErrorSchema, 'No valid token'),
    403: jsonContent(ErrorSchema, 'The token lacks the admin scope'),
  },
});

function requireAdminScope(caller: Caller): void {
  if (caller.kind === 'guest') throw new AppError('unauthorized', 'admin_token_required', 'Send an admin access token: "Authorization: Bearer <token>".');
  if (!caller.scope.includes('admin')) throw new AppError('forbidden', 'admin_scope_required', 'This needs a token with the admin scope.');
}

/** The admin API of the connector (for scripts and the admin UI alike). */
export function connectorApi(connector: () => Connector) {
  return createRouter<AppEnv>().openapi(syncRoute, async (c) => {
    requireAdminScope(c.var.caller);
    const outcome = await connector().syncNow();
    const body = { success: outcome.ok, attempts: outcome.attempts, httpStatus: outcome.httpStatus, error: outcome.error };
    return outcome.ok ? c.json(body, 200) : c.json(body, 502);
  });
}

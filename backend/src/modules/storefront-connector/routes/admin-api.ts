import { createRoute, z } from '@hono/zod-openapi';
import { moduleContext } from '../../../platform/modules/context.ts';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, errorResponses, jsonContent } from '../../../platform/http/schemas.ts';
import type { ConnectorSettings } from '../config.ts';
import type { ConnectorEnv } from '../env.ts';
import { Runner } from '../runner.ts';

const contextOf = moduleContext<ConnectorSettings, ConnectorEnv>('storefront-connector');

const SyncOutcome = z
  .object({
    success: z.boolean(),
    attempts: z.number().int().openapi({ description: 'HTTP calls made (1 plus retries); each is in the sync log.' }),
    httpStatus: z.number().int().optional().openapi({ description: "The storefront's last HTTP status, absent when it could not be reached." }),
    error: z.string().optional(),
  })
  .openapi('StorefrontSyncOutcome');

/** A failed sync is an error answer like any other (`{error, message}`), with the outcome's figures beside it. */
const SyncFailure = SyncOutcome.extend({
  error: z.literal('storefront_sync_failed'),
  message: z.string().openapi({ description: 'Why the last attempt failed, as the sync log has it.' }),
}).openapi('StorefrontSyncFailure');

const syncRoute = createRoute({
  method: 'post',
  path: '/sync',
  tags: ['Storefront connector'],
  summary: 'Sync Now: a full storefront sync (POST {storefront}/sync), retried with backoff',
  security: [{ bearerAuth: [] }],
  request: { body: { content: { 'application/json': { schema: z.object({}).openapi('StorefrontSyncRequest') } }, required: false } },
  responses: {
    200: jsonContent(SyncOutcome, 'The sync ran; `success` says whether the storefront accepted it'),
    502: jsonContent(SyncFailure, 'The storefront failed or could not be reached after the retries'),
    ...errorResponses,
    401: jsonContent(ErrorSchema, 'No valid token'),
    403: jsonContent(ErrorSchema, 'The token lacks the admin scope'),
  },
});

/** The connector's admin API, `/api/rest/v2/admin/storefront-connector/...` (the core checks the admin token). */
export const connectorAdminApi = createRouter<AppEnv>().openapi(syncRoute, async (c) => {
  const outcome = await new Runner(contextOf(c)).sync('all', 'sync_now');
  const figures = { attempts: outcome.attempts, httpStatus: outcome.httpStatus };
  if (outcome.ok) return c.json({ success: true, ...figures }, 200);
  return c.json({ success: false, ...figures, error: 'storefront_sync_failed' as const, message: outcome.error ?? 'The storefront sync failed.' }, 502);
});

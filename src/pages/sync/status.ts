import type { APIRoute } from 'astro';
import { getConfig } from '../../lib/config.ts';
import { json, methodNotAllowed } from '../../lib/http/responses.ts';
import { syncCoordinator } from '../../lib/sync/endpoint.ts';
import { checkSecret } from '../../lib/sync/secret.ts';

/**
 * GET /sync/status (the sync secret as Bearer): the runs under way with their progress (parts
 * planned of parts to plan, operations applied of operations to write), and the latest finished
 * ones with their outcomes, for a progress bar in the admin or the CLI.
 */
export const ALL: APIRoute = async ({ request }) => {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  const denied = await checkSecret(request, {}, getConfig().SYNC_SECRET);
  if (denied) return denied;
  return json(await syncCoordinator().status(), 200, { 'Cache-Control': 'no-store' });
};

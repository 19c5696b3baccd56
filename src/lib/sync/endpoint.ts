/** HTTP face of the sync: method, body, secret, then runSync; answers per DECISIONS.md 3. */
import { env } from 'cloudflare:workers';
import { z } from 'zod';
import { backendClient } from '../config.ts';
import { json, jsonError } from '../http/responses.ts';
import { readManagementRequest } from '../management/management-request.ts';
import { runSync } from './run-sync.ts';
import type { SyncType } from './parts.ts';

/** The body may carry the secret; a sync takes no other input from it. */
const syncBody = z.looseObject({ secret: z.unknown().optional() });

export async function handleSync(request: Request, types: readonly SyncType[]): Promise<Response> {
  const parsed = await readManagementRequest(request, syncBody);
  if (parsed instanceof Response) return parsed;

  const store = new URL(request.url).searchParams.get('store') ?? undefined;
  const outcome = await runSync(backendClient(parsed.config), env.CONTENT, { types, store });
  if ('unknownStore' in outcome) {
    return jsonError(400, 'unknown_store', `The backend has no store view "${outcome.unknownStore}".`, {
      details: { field: 'store' },
    });
  }
  if (!outcome.success) return json(outcome, 502);
  // `kv` (written / unchanged / deleted keys) is additive to the SPEC.md shape: operators see what a sync did.
  const { success, synced, duration, kv } = outcome;
  return json({ success, synced, duration, kv });
}

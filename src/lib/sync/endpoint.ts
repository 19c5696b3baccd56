/** HTTP face of the sync: method, body, secret, then runSync; answers per DECISIONS.md 3. */
import { env } from 'cloudflare:workers';
import { backendClient, getConfig } from '../config.ts';
import { readJsonBody } from '../http/read-json-body.ts';
import { json, jsonError, methodNotAllowed } from '../http/responses.ts';
import { runSync } from './run-sync.ts';
import type { SyncType } from './parts.ts';
import { checkSecret } from './secret.ts';

export async function handleSync(request: Request, types: readonly SyncType[]): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await readJsonBody(request);
  if (body instanceof Response) return body;
  const config = getConfig();
  const denied = await checkSecret(request, body, config.SYNC_SECRET);
  if (denied) return denied;

  const store = new URL(request.url).searchParams.get('store') ?? undefined;
  const outcome = await runSync(backendClient(config), env.CONTENT, { types, store });
  if ('unknownStore' in outcome) {
    return jsonError(400, 'unknown_store', `The backend has no store view "${outcome.unknownStore}".`, {
      details: { field: 'store' },
    });
  }
  if (!outcome.success) return json(outcome, 502);
  const { success, synced, duration } = outcome;
  return json({ success, synced, duration });
}

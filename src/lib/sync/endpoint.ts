/**
 * HTTP face of the sync: method, body, secret, then a full or partial sync (runSync) or a partial
 * sync of named records (named-sync.ts, DECISIONS.md 46); answers per DECISIONS.md 3, 409
 * `sync_in_progress` while another sync of the same store runs.
 */
import { env } from 'cloudflare:workers';
import { z } from 'zod';
import { BackendError } from '../backend-client.ts';
import { backendClient } from '../config.ts';
import { hasControlCharacter } from '../http/safe-path.ts';
import { json, jsonError } from '../http/responses.ts';
import { readManagementRequest } from '../management/management-request.ts';
import { runNamedSync, type NamedType } from './named-sync.ts';
import { runSync, seconds, syncStores, toFailure, type SyncOutcome } from './run-sync.ts';
import { lockStores } from './sync-lock.ts';
import type { SyncType } from './parts.ts';

const names = z.array(z.string().min(1).max(128).refine((name) => !hasControlCharacter(name), 'No control characters.')).max(500);

/** The body may carry the secret, and for a named partial sync the records saved and deleted. */
const syncBody = z.looseObject({
  secret: z.unknown().optional(),
  urlKeys: names.optional(),
  identifiers: names.optional(),
  deleted: names.optional(),
});

/** Which name list each type's named form takes. Categories are one tree: named, they sync whole. */
const namedBy: Partial<Record<SyncType, 'urlKeys' | 'identifiers'>> = { products: 'urlKeys', cmsPages: 'identifiers', blogPosts: 'identifiers', categories: 'identifiers' };

const busy = () => jsonError(409, 'sync_in_progress', 'Another sync of this store is running; try again when it has finished.');

function answer(outcome: SyncOutcome): Response {
  if ('unknownStore' in outcome) return jsonError(400, 'unknown_store', `The backend has no store view "${outcome.unknownStore}".`, { details: { field: 'store' } });
  if ('busy' in outcome) return busy();
  if (!outcome.success) return json(outcome, 502);
  // `kv` (written / unchanged / deleted keys) is additive to the SPEC.md shape: operators see what a sync did.
  const { success, synced, duration, kv } = outcome;
  return json({ success, synced, duration, kv });
}

async function namedSync(type: NamedType, saved: string[], deleted: string[], store: string | undefined, client: ReturnType<typeof backendClient>): Promise<Response> {
  const startedAt = Date.now();
  const covered = await syncStores(client, store);
  if ('failure' in covered) return answer({ success: false, errors: [covered.failure], duration: seconds(startedAt) });
  if ('unknownStore' in covered) return answer({ success: false, unknownStore: covered.unknownStore });
  const release = lockStores(covered.stores);
  if (!release) return busy();
  try {
    const kv = await runNamedSync(client, env.CONTENT, covered.stores, { type, saved, deleted });
    return json({ success: true, synced: { [type]: saved.length + deleted.length }, duration: seconds(startedAt), kv });
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    return answer({ success: false, errors: [toFailure(error, type)], duration: seconds(startedAt) });
  } finally {
    release();
  }
}

export async function handleSync(request: Request, types: readonly SyncType[]): Promise<Response> {
  const parsed = await readManagementRequest(request, syncBody);
  if (parsed instanceof Response) return parsed;
  const store = new URL(request.url).searchParams.get('store') ?? undefined;
  const client = backendClient(parsed.config);
  const { urlKeys, identifiers, deleted } = parsed.body;
  if (urlKeys === undefined && identifiers === undefined && deleted === undefined) return answer(await runSync(client, env.CONTENT, { types, store }));

  const [type] = types;
  const by = types.length === 1 && type ? namedBy[type] : undefined;
  const given = urlKeys !== undefined ? 'urlKeys' : identifiers !== undefined ? 'identifiers' : by;
  if (!by || given !== by) {
    const allowed = Object.entries(namedBy).map(([name, field]) => `${name}: ${field}`).join(', ');
    return jsonError(400, 'invalid_request', `This sync takes no named records (${allowed}, and deleted).`, { details: { field: given ?? 'deleted' } });
  }
  if (type === 'categories') return answer(await runSync(client, env.CONTENT, { types, store }));
  return namedSync(type as NamedType, (urlKeys ?? identifiers ?? []) as string[], deleted ?? [], store, client);
}

/**
 * HTTP face of the sync: method, body, secret, then a run of the sync coordinator (coordinator.ts)
 * for a full or partial sync, or a partial sync of named records (named-sync.ts, DECISIONS.md 46).
 * The request drives its run step by step and answers per DECISIONS.md 3 when it ends (a Worker
 * request has no wall-clock limit while its client waits; each step is an invocation of its own);
 * 409 `sync_in_progress` while another sync of the same store runs.
 */
import { env } from 'cloudflare:workers';
import { z } from 'zod';
import { forgetMemos } from '../cache/isolate-memo.ts';
import { hasControlCharacter } from '../http/safe-path.ts';
import { json, jsonError } from '../http/responses.ts';
import { readManagementRequest } from '../management/management-request.ts';
import type { RunStatus, SyncJob } from './coordinator.ts';
import type { NamedType } from './named-sync.ts';
import { seconds } from './sync-failures.ts';
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

/** A step that failed outright (not the backend: KV, or the object restarting) is tried again this often. */
const STEP_ATTEMPTS = 3;

/** The one coordinator of this storefront's syncs. */
export const syncCoordinator = () => env.SYNC.get(env.SYNC.idFromName('storefront'));

const busy = () => jsonError(409, 'sync_in_progress', 'Another sync of this store is running; try again when it has finished.');

/** Starts a run and steps it to its end, then answers as SPEC.md's sync does (`kv` and `invocations` added). */
async function drive(job: SyncJob): Promise<Response> {
  const startedAt = Date.now();
  const coordinator = syncCoordinator();
  const started = await coordinator.start(job);
  if ('busy' in started) return busy();
  if ('unknownStore' in started) return jsonError(400, 'unknown_store', `The backend has no store view "${started.unknownStore}".`, { details: { field: 'store' } });
  if ('failure' in started) return json({ success: false, errors: [started.failure], duration: seconds(startedAt) }, 502);
  let status: RunStatus | undefined;
  let calls = 1;
  for (let failures = 0; status?.phase !== 'done' && status?.phase !== 'failed'; ) {
    calls += 1;
    try {
      status = await coordinator.step(started.runId);
      failures = 0;
    } catch (error) {
      failures += 1;
      if (failures >= STEP_ATTEMPTS) {
        // The run is stored: the coordinator's alarm drives it on, and GET /sync/status follows it.
        console.error(`sync ${started.runId}: a step failed ${failures} times; the coordinator resumes it`, error);
        return jsonError(503, 'sync_resuming', 'The sync was interrupted and resumes by itself; GET /sync/status follows it.', { details: { runId: started.runId } });
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * failures));
    }
  }
  forgetMemos();
  const outcome = status.outcome!;
  const invocations = { ...outcome.invocations, driverSubrequests: calls };
  if (!outcome.success) return json({ success: false, errors: outcome.errors, duration: seconds(startedAt), invocations }, 502);
  const synced = job.kind === 'named' ? { [job.type]: job.saved.length + job.deleted.length } : outcome.synced;
  return json({ success: true, synced, duration: seconds(startedAt), kv: outcome.kv, invocations });
}

export async function handleSync(request: Request, types: readonly SyncType[]): Promise<Response> {
  const parsed = await readManagementRequest(request, syncBody);
  if (parsed instanceof Response) return parsed;
  const store = new URL(request.url).searchParams.get('store') ?? undefined;
  const { urlKeys, identifiers, deleted } = parsed.body;
  if (urlKeys === undefined && identifiers === undefined && deleted === undefined) return drive({ kind: 'full', types: [...types], store });

  const [type] = types;
  const by = types.length === 1 && type ? namedBy[type] : undefined;
  const given = urlKeys !== undefined ? 'urlKeys' : identifiers !== undefined ? 'identifiers' : by;
  if (!by || given !== by) {
    const allowed = Object.entries(namedBy).map(([name, field]) => `${name}: ${field}`).join(', ');
    return jsonError(400, 'invalid_request', `This sync takes no named records (${allowed}, and deleted).`, { details: { field: given ?? 'deleted' } });
  }
  if (type === 'categories') return drive({ kind: 'full', types: [type], store });
  return drive({ kind: 'named', type: type as NamedType, saved: urlKeys ?? identifiers ?? [], deleted: deleted ?? [], store });
}

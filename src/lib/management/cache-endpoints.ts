/**
 * `POST /cache/update`, `/cache/purge`, `/cache/delete` (SPEC.md "Cache management"). Each answers
 * `{"success": true, ...counts}`; a body that fails its schema is a 400 naming the field.
 */
import { env } from 'cloudflare:workers';
import { z } from 'zod';
import { GlobalPurgeFailed } from '../cache/global-purge.ts';
import { purgePages } from '../cache/purge.ts';
import { purgeContext } from '../cache/purge-context.ts';
import { purgeTarget } from '../cache/purge-targets.ts';
import { storeHosts } from '../config.ts';
import { deleteRecords, MIN_KV_TTL_S, writeRecord } from '../content/content-writer.ts';
import { parseContentKey } from '../content/keys.ts';
import { invalidField } from '../http/parse-body.ts';
import { json, jsonError } from '../http/responses.ts';
import { validateContentRecord } from './content-update.ts';
import { readManagementRequest } from './management-request.ts';

/** Big enough for any real invalidation, small enough to finish well inside a request. */
const MAX_ENTRIES = 500;

const secret = z.string().optional();

const updateBody = z.strictObject({
  secret,
  key: z.string().min(1),
  value: z.unknown().refine((value) => value !== undefined, 'is required'),
  ttl: z.number().int().min(MIN_KV_TTL_S, `must be at least ${MIN_KV_TTL_S} seconds (KV's minimum)`).optional(),
});
const purgeBody = z.strictObject({ secret, urls: z.array(z.string().min(1)).min(1).max(MAX_ENTRIES) });
const deleteBody = z.strictObject({ secret, keys: z.array(z.string().min(1)).min(1).max(MAX_ENTRIES) });

export async function handleCacheUpdate(request: Request): Promise<Response> {
  const parsed = await readManagementRequest(request, updateBody);
  if (parsed instanceof Response) return parsed;
  const { key, value, ttl } = parsed.body;
  const record = validateContentRecord(key, value);
  if ('field' in record) return invalidField(record.field, record.message);
  await writeRecord(env.CONTENT, key, record.value, { ttl, updatedAt: record.updatedAt });
  return json({ success: true, written: 1 });
}

export async function handleCachePurge(request: Request): Promise<Response> {
  const parsed = await readManagementRequest(request, purgeBody);
  if (parsed instanceof Response) return parsed;
  const hosts = { requestUrl: new URL(request.url), storeHosts: storeHosts(parsed.config) };
  const urls: URL[] = [];
  for (const [index, entry] of parsed.body.urls.entries()) {
    const target = purgeTarget(entry, hosts);
    if ('error' in target) return invalidField(`urls.${index}`, target.error);
    urls.push(...target.urls);
  }
  try {
    const { purged, global } = await purgePages(urls, purgeContext(parsed.config));
    return json({ success: true, urls: parsed.body.urls.length, purged, global });
  } catch (error) {
    if (!(error instanceof GlobalPurgeFailed)) throw error;
    // This data centre is purged; the caller (the connector retries 5xx) should try again for the rest.
    console.error(`cache purge: ${error.message}`);
    return jsonError(502, 'global_purge_failed', `Purged in this data centre only: ${error.message}`);
  }
}

export async function handleCacheDelete(request: Request): Promise<Response> {
  const parsed = await readManagementRequest(request, deleteBody);
  if (parsed instanceof Response) return parsed;
  const { keys } = parsed.body;
  const invalid = keys.findIndex((key) => parseContentKey(key) === null);
  if (invalid >= 0) return invalidField(`keys.${invalid}`, 'is not a key of the SPEC.md KV table');
  await deleteRecords(env.CONTENT, keys);
  return json({ success: true, deleted: new Set(keys).size });
}

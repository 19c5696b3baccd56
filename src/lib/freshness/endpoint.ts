/**
 * `POST /freshness` (DECISIONS.md 6): `{"path": "/page"}` or `{"key": "<KV key>"}`. Public, and
 * it takes nothing but a name from the caller: the worker re-reads that record from the backend,
 * and only a difference the backend reports is written to KV (then the pages showing it are purged,
 * and for a product the listing pages showing its card get the fresh card, listing-cards.ts).
 * Answers `{"status": "updated" | "unchanged" | "throttled"}`.
 */
import { env } from 'cloudflare:workers';
import { z } from 'zod';
import { GlobalPurgeFailed } from '../cache/global-purge.ts';
import { purgePages } from '../cache/purge.ts';
import { purgeContext } from '../cache/purge-context.ts';
import { knownOrigins } from '../cache/purge-targets.ts';
import { backendClient, getConfig, storeForUrl, storeHosts, type StorefrontConfig } from '../config.ts';
import { contentStore } from '../content/content-store.ts';
import { deleteRecords, writeRecord } from '../content/content-writer.ts';
import { entry } from '../sync/parts.ts';
import { BackendError } from '../backend-client.ts';
import { invalidField, parseBody } from '../http/parse-body.ts';
import { readJsonBody } from '../http/read-json-body.ts';
import { json, jsonError, methodNotAllowed } from '../http/responses.ts';
import { targetForKey, targetForPath, type FreshnessTarget } from './freshness-target.ts';
import { revalidate } from './revalidate.ts';
import { claimFreshness } from './throttle.ts';

/** Strict: a body carrying anything else (a value, a record) is refused, not ignored. */
const freshnessBody = z
  .strictObject({
    path: z.string().startsWith('/', 'must be a root-relative path').max(2048).optional(),
    key: z.string().min(1).max(512).optional(),
  })
  .refine((body) => (body.path === undefined) !== (body.key === undefined), {
    message: 'give exactly one of path or key',
    path: ['path'],
  });

export type FreshnessStatus = 'updated' | 'unchanged' | 'throttled';

/** The page URLs of this store on every host of the worker that serves it. */
function pageUrls(paths: string[], store: string, requestUrl: URL, config: StorefrontConfig): URL[] {
  const origins = knownOrigins({ requestUrl, storeHosts: storeHosts(config) }).filter(
    (origin) => storeForUrl(new URL(origin), config) === store,
  );
  return origins.flatMap((origin) => paths.map((path) => new URL(path, origin)));
}

/** 'absent' when KV has no such record: there is nothing to compare, and nothing is fetched. */
async function refresh(target: FreshnessTarget, requestUrl: URL, config: StorefrontConfig): Promise<FreshnessStatus | 'absent'> {
  const content = contentStore(env.CONTENT, target.store);
  const result = await revalidate(target, content, backendClient(config));
  if (result === null) return 'absent';
  if (!result.changed) return 'unchanged';
  // With the content hash the sync keeps in each listing key's metadata, so its next run sees them current.
  // Before the record: its write clears this isolate's memos, the listings' included.
  const listings = await Promise.all(result.listings.map((listing) => entry(listing.key, listing.page)));
  await Promise.all(listings.map((put) => env.CONTENT.put(put.key, put.value, { metadata: { hash: put.hash } })));
  if (result.fresh === null) await deleteRecords(env.CONTENT, [target.key]);
  else await writeRecord(env.CONTENT, target.key, result.fresh, result.write);
  try {
    await purgePages(pageUrls(result.pages, target.store, requestUrl, config), purgeContext(config));
  } catch (error) {
    // KV holds the fresh record and this data centre is purged; other data centres follow the next purge or sync.
    if (!(error instanceof GlobalPurgeFailed)) throw error;
    console.error(`freshness of ${target.key}: ${error.message}`);
  }
  return 'updated';
}

export async function handleFreshness(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const raw = await readJsonBody(request);
  if (raw instanceof Response) return raw;
  const body = parseBody(freshnessBody, raw);
  if (body instanceof Response) return body;

  const config = getConfig();
  const url = new URL(request.url);
  let target: FreshnessTarget | null;
  if (body.path !== undefined) {
    const { pathname } = new URL(body.path, url.origin);
    target = await targetForPath(contentStore(env.CONTENT, storeForUrl(url, config)), pathname);
    if (!target) return jsonError(404, 'not_found', 'No product, category or CMS page has this path.');
  } else {
    target = targetForKey(body.key ?? '');
    if (!target) return invalidField('key', 'is not a product, CMS page, blog post or category tree key');
  }

  if (!(await claimFreshness(env.CONTENT, target.key))) return json({ status: 'throttled' });
  try {
    const status = await refresh(target, url, config);
    if (status === 'absent') return jsonError(404, 'not_found', 'This record is not in the storefront; a sync adds it.');
    return json({ status });
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    console.error(`freshness of ${target.key} failed: ${error.message}`);
    return jsonError(502, 'backend_unavailable', 'The backend could not be asked for this record.');
  }
}

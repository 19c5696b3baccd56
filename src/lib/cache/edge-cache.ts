/**
 * The edge-cache step of the pipeline: rendered catalog HTML (and the agent documents their routes
 * declare public) is kept in the Cache API under a key carrying the version tag (`pulse` +
 * ASSET_HASH), answered with `X-Cache: HIT | MISS | BYPASS`, an ETag, and 304 for a matching
 * If-None-Match. Browsers revalidate HTML every time (max-age=0): a 304 from the edge is cheap, and
 * a stale page in a browser would outlive a purge.
 */
import { cacheTagHeader, pathTag, storeCacheTag, versionCacheTag, viewerCacheTag } from '../../../contracts/cache-tags.ts';
import type { Step } from '../pipeline/step.ts';
import { cacheKey, versionTag } from './cache-key.ts';
import { bypassReason, isHtml, isStorable, PER_RESPONSE_HEADER } from './cache-policy.ts';
import { defaultCache } from './default-cache.ts';
import { etagOf, matchesIfNoneMatch } from './etag.ts';
import { recallPage, rememberPage, responseOf, snapshotOf } from './hot-pages.ts';
import { lastPurge, purgedSinceStored, STORED_AT_HEADER, stampKey } from './purge-stamps.ts';
import { currentPulse } from './pulse-memo.ts';
import { readCookie } from '../http/cookies.ts';

/** What browsers are told: always revalidate (cheap with the ETag). */
export const BROWSER_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** What the edge copy is stored with. Old versions become unreachable, so a day is only a cap. */
const EDGE_CACHE_CONTROL = 'public, max-age=86400';
/**
 * A customer group's copy lives a minute, as long as the backend lets caller-varying answers be kept
 * (DECISIONS.md 20): a rule change in the B2B module moves no `pulse`.
 */
const GROUP_EDGE_CACHE_CONTROL = 'public, max-age=60';

export type CacheStatus = 'HIT' | 'MISS' | 'BYPASS';

export interface EdgeCacheOptions {
  /** ASSET_HASH: the build half of the version tag. */
  assetHash: string;
  /** The KV namespace holding `pulse`. */
  kv: KVNamespace;
  /** The store view of a request (part of the key, so a remapped host never sees another store). */
  storeFor: (url: URL) => string;
  /** The cache to use; `caches.default` unless a test passes another. */
  cache?: () => Cache;
  /**
   * The storefront's session cookie and the group key a request is signed in with (group-key.ts;
   * null: guest). A signed-in request is answered from and stored under its group's key; without
   * these, every request with a session-like cookie bypasses the cache.
   */
  session?: { cookie: string; groupOf: (request: Request) => Promise<string | null> };
}

function withStatus(response: Response, status: CacheStatus): Response {
  const result = new Response(response.body, response);
  result.headers.set('X-Cache', status);
  return result;
}

/**
 * What browsers may keep: HTML always revalidates; other stored documents keep the lifetime their
 * route declared (the edge copy of those is stored with that same lifetime).
 */
function browserCacheControl(response: Response): string {
  return isHtml(response) ? BROWSER_CACHE_CONTROL : (response.headers.get('Cache-Control') ?? BROWSER_CACHE_CONTROL);
}

/**
 * The page for the browser, or a bodiless 304 when it already holds this version. `response` is
 * one this step made (a copy of a stored page), so its headers are changed in place.
 */
function answer(request: Request, response: Response, status: CacheStatus): Response {
  const etag = response.headers.get('ETag');
  const cacheControl = browserCacheControl(response);
  if (etag && !response.headers.has(PER_RESPONSE_HEADER) && matchesIfNoneMatch(request.headers.get('If-None-Match'), etag)) {
    const headers = new Headers({ ETag: etag, 'Cache-Control': cacheControl, 'X-Cache': status });
    // RFC 9110 §15.4.5: a 304 repeats the Vary its 200 would carry.
    const vary = response.headers.get('Vary');
    if (vary) headers.set('Vary', vary);
    return new Response(null, { status: 304, headers });
  }
  response.headers.set('X-Cache', status);
  response.headers.set('Cache-Control', cacheControl);
  response.headers.delete(STORED_AT_HEADER);
  return request.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
}

/**
 * Goes in front of the steps that may answer without reaching the edge cache (the password gate,
 * markdown negotiation): their answers are marked BYPASS too, so every response of the worker says
 * whether the edge cache served it.
 */
export function markUncached(): Step {
  return async function markUncachedStep(_context, next) {
    const response = await next();
    return response.headers.has('X-Cache') ? response : withStatus(response, 'BYPASS');
  };
}

/**
 * The tags a copy is stored with (DECISIONS.md 53), which a purge through the Cloudflare API names.
 * The viewer tag is the group key cacheKey gives a signed-in view (`cache/group-key.ts`).
 */
async function cacheTags(url: URL, tag: string, store: string, groupKey: string | null): Promise<string> {
  const tags = [versionCacheTag(tag), storeCacheTag(store), await pathTag(url.pathname)];
  if (groupKey !== null) tags.push(viewerCacheTag(groupKey));
  return cacheTagHeader(tags);
}

/** Builds the step once from its options (checked here, not on every request). */
export function edgeCache(options: EdgeCacheOptions): Step {
  if (!options.assetHash) throw new Error('edgeCache: assetHash must be set (ASSET_HASH).');
  const open = options.cache ?? defaultCache;

  return async function edgeCacheStep(context, next) {
    const { request, url } = context;
    // Before anything is read: a purge during this render must leave its copy stale (purge-stamps.ts).
    const startedAt = Date.now();
    if (bypassReason(request, url, options.session?.cookie)) return withStatus(await next(), 'BYPASS');

    // Only a request with the storefront's session cookie can be signed in: a guest's is not looked up.
    const session = options.session && readCookie(request.headers.get('Cookie'), options.session.cookie) !== null ? options.session : null;
    const [pulse, group] = await Promise.all([currentPulse(options.kv), session?.groupOf(request) ?? null]);
    const store = options.storeFor(url);
    const tag = versionTag(pulse?.hash, options.assetHash);
    const key = cacheKey(url, tag, store, group);
    const hot = recallPage(key);
    if (hot) return answer(request, hot, 'HIT');
    const cache = open();
    // The early path's pass of this request already missed this key: Astro's pass renders at once.
    if (context.passes?.missedCacheKey !== key) {
      // Copies a purge could not delete by key (a group's, another query string's) are checked against the path's stamp.
      const [cached, purgedAt] = await Promise.all([cache.match(key), lastPurge(cache, stampKey(url, store))]);
      if (cached && purgedSinceStored(cached, purgedAt)) await cached.body?.cancel();
      else if (cached) {
        const snapshot = await snapshotOf(cached);
        rememberPage(key, snapshot);
        return answer(request, responseOf(snapshot), 'HIT');
      }
    }
    // A HEAD is answered from the cache when it can be, but its answer (no body) is never stored.
    if (request.method === 'HEAD') return withStatus(await next(), 'BYPASS');
    if (context.passes) context.passes.missedCacheKey = key;

    const rendered = await next();
    if (!isStorable(rendered) || context.routeSetCookies()) return withStatus(rendered, 'BYPASS');

    const body = await rendered.arrayBuffer();
    const headers = new Headers(rendered.headers);
    headers.set('ETag', await etagOf(body));
    headers.set('Cache-Tag', await cacheTags(url, tag, store, group));
    headers.set(STORED_AT_HEADER, String(startedAt));
    if (isHtml(rendered)) headers.set('Cache-Control', group === null ? EDGE_CACHE_CONTROL : GROUP_EDGE_CACHE_CONTROL);
    // One buffer for all three: the runtime copies the bytes into each response it makes (hot-pages.ts).
    const stored = new Response(body, { status: rendered.status, headers });
    rememberPage(key, { status: rendered.status, headers: new Headers(headers), body });
    context.waitUntil(
      cache.put(key, stored).catch((error: unknown) => console.error(`edge cache: storing ${url.pathname} failed:`, error)),
    );
    return answer(request, new Response(body, { status: rendered.status, headers }), 'MISS');
  };
}

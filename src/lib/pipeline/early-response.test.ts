import { beforeEach, describe, expect, it } from 'vitest';
import { edgeCache, markUncached } from '../cache/edge-cache.ts';
import { cacheKey, versionTag } from '../cache/cache-key.ts';
import { requestGroupKey } from '../cache/group-key.ts';
import { forgetHotPages } from '../cache/hot-pages.ts';
import { forgetMemos } from '../cache/isolate-memo.ts';
import { passwordGate } from '../gate/password-gate.ts';
import { issuePreviewToken, PREVIEW_COOKIE } from '../gate/preview-cookie.ts';
import { resolveSession } from '../session/session-memo.ts';
import { SESSION_COOKIE } from '../session/session-cookie.ts';
import { GROUP_RECHECK_MS } from '../session/session-step.ts';
import { sealSession } from '../session/session-token.ts';
import { earlyPath, type EarlyPathOptions } from './early-response.ts';
import { requestPasses } from './request-passes.ts';
import { sequence } from './step.ts';

const ORIGIN = 'http://shop.test';
const SESSION_SECRET = 'a-session-secret-of-32-characters-or-more';
const PULSE = { hash: 'p1', updatedAt: '2026-11-26T10:00:00.000Z' };

/** KV holding `pulse` only; `failing` makes every read throw. */
function kvWithPulse(failing = false): KVNamespace {
  const get = async (key: string) => {
    if (failing) throw new Error('KV unavailable');
    return key === 'pulse' ? PULSE : null;
  };
  return { get, getWithMetadata: async (key: string) => ({ value: await get(key), metadata: null }) } as unknown as KVNamespace;
}

/** The Cache API's match/put over a Map. */
function memoryCache() {
  const entries = new Map<string, Response>();
  const cache = {
    match: async (key: string) => entries.get(key)?.clone(),
    put: async (key: string, response: Response) => void entries.set(key, response),
  } as unknown as Cache;
  return { cache, entries };
}

function setUp(options: { password?: string; early?: 'on' | 'off'; failingKv?: boolean } = {}) {
  const kv = kvWithPulse(options.failingKv);
  const { cache, entries } = memoryCache();
  const pipeline = sequence(
    markUncached(),
    passwordGate({ password: options.password }),
    edgeCache({
      assetHash: 'a1',
      kv,
      storeFor: () => 'default',
      cache: () => cache,
      session: { cookie: SESSION_COOKIE, groupOf: async (request) => requestGroupKey(await resolveSession(request, SESSION_SECRET), kv, 'default') },
    }),
  );
  const config: EarlyPathOptions['config'] = { ASSET_HASH: 'a1', EARLY_RESPONSES: options.early ?? 'on', CEILING_PROBE_PATH: '/__ceiling', SESSION_SECRET };
  const answer = earlyPath({ pipeline, config, kv });
  const store = (path: string, html: string, group: string | null = null) =>
    entries.set(
      cacheKey(new URL(path, ORIGIN), versionTag(PULSE.hash, 'a1'), 'default', group),
      new Response(html, { headers: { 'Content-Type': 'text/html', ETag: '"e1"', 'Cache-Control': 'public, max-age=86400' } }),
    );
  const waited: Promise<unknown>[] = [];
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    answer(new Request(new URL(path, ORIGIN), { method, headers }), { waitUntil: (promise) => void waited.push(promise) });
  return { get, store, entries };
}

describe('the early path', () => {
  beforeEach(() => {
    forgetHotPages();
    forgetMemos();
  });

  it('answers a cached page from the edge cache, as HIT, and its 304', async () => {
    const shop = setUp();
    shop.store('/women', '<h1>Women</h1>');
    const hit = await shop.get('/women');
    expect(hit?.status).toBe(200);
    expect(hit?.headers.get('X-Cache')).toBe('HIT');
    expect(hit?.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    expect(await hit?.text()).toBe('<h1>Women</h1>');
    const revalidated = await shop.get('/women', { 'If-None-Match': '"e1"' });
    expect(revalidated?.status).toBe(304);
  });

  it('answers a HEAD of a cached page without its body', async () => {
    const shop = setUp();
    shop.store('/women', '<h1>Women</h1>');
    const head = await shop.get('/women', {}, 'HEAD');
    expect(head?.headers.get('X-Cache')).toBe('HIT');
    expect(head?.headers.get('ETag')).toBe('"e1"');
    expect(await head?.text()).toBe('');
  });

  it('hands a page it does not hold over to Astro, storing nothing', async () => {
    const shop = setUp();
    expect(await shop.get('/men')).toBeNull();
    expect(shop.entries.size).toBe(0);
  });

  it('never takes markdown, other methods or a foreign session, cached or not', async () => {
    const shop = setUp();
    shop.store('/women', '<h1>Women</h1>');
    expect(await shop.get('/women', { Accept: 'text/markdown' })).toBeNull();
    expect(await shop.get('/women.md')).toBeNull();
    expect(await shop.get('/women', {}, 'POST')).toBeNull();
    expect(await shop.get('/women', { Cookie: 'PHPSESSID=abc' })).toBeNull();
    expect(await shop.get('/women', { Authorization: 'Bearer x' })).toBeNull();
  });

  it('answers a signed-in customer from their group\'s copy while the group needs no re-confirmation', async () => {
    const shop = setUp();
    shop.store('/women', '<h1>Guests</h1>');
    shop.store('/women', '<h1>Wholesale</h1>', 'group-2');
    const session = { token: 't', groupId: 2, country: 'US', viewKey: null, firstName: 'Sam', expiresAt: Date.now() + 3_600_000 };
    const cookie = async (checkedAt: number) => `${SESSION_COOKIE}=${await sealSession(SESSION_SECRET, { ...session, checkedAt })}`;
    const fresh = await shop.get('/women', { Cookie: await cookie(Date.now()) });
    expect(await fresh?.text()).toBe('<h1>Wholesale</h1>');
    expect(await (await shop.get('/women'))?.text()).toBe('<h1>Guests</h1>');
    // Due for re-confirmation with the backend, or a cookie that does not open: Astro's path.
    expect(await shop.get('/women', { Cookie: await cookie(Date.now() - GROUP_RECHECK_MS) })).toBeNull();
    expect(await shop.get('/women', { Cookie: `${SESSION_COOKIE}=forged` })).toBeNull();
  });

  it('answers the fixed routes: /pulse from KV, /health', async () => {
    const shop = setUp();
    const pulse = await shop.get('/pulse');
    expect(pulse?.headers.get('X-Cache')).toBe('BYPASS');
    expect(await pulse?.json()).toEqual({ assetHash: 'a1', pulse: 'p1', lastSyncAt: PULSE.updatedAt });
    expect(await (await shop.get('/health'))?.json()).toEqual({ status: 'ok' });
  });

  it('keeps a gated preview shut to a visitor without the gate cookie, even for a cached page', async () => {
    const shop = setUp({ password: 'preview-pass' });
    shop.store('/women', '<h1>Women</h1>');
    const locked = await shop.get('/women');
    expect(locked?.status).toBe(302);
    expect(locked?.headers.get('Location')).toBe('/preview-login?next=%2Fwomen');
    const cookie = `${PREVIEW_COOKIE}=${await issuePreviewToken('preview-pass')}`;
    expect((await shop.get('/women', { Cookie: cookie }))?.headers.get('X-Cache')).toBe('HIT');
  });

  it('leaves everything to Astro when switched off, but for the ceiling probe', async () => {
    const shop = setUp({ early: 'off' });
    shop.store('/women', '<h1>Women</h1>');
    expect(await shop.get('/women')).toBeNull();
    expect(await shop.get('/pulse')).toBeNull();
    expect((await shop.get('/__ceiling'))?.status).toBe(204);
  });

  it('leaves a request whose steps fail to Astro, which answers the error', async () => {
    const shop = setUp({ failingKv: true });
    expect(await shop.get('/women')).toBeNull();
  });

  it("hands a miss over once looked up: Astro's pass of the same request renders without looking the page up again", async () => {
    const kv = kvWithPulse();
    const { cache } = memoryCache();
    const lookups: string[] = [];
    const counted = { match: async (key: string) => (lookups.push(key), cache.match(key)), put: (key: string, response: Response) => cache.put(key, response) } as unknown as Cache;
    const pipeline = edgeCache({ assetHash: 'a1', kv, storeFor: () => 'default', cache: () => counted });
    const config: EarlyPathOptions['config'] = { ASSET_HASH: 'a1', EARLY_RESPONSES: 'on', CEILING_PROBE_PATH: '/__ceiling', SESSION_SECRET };
    const execution = { waitUntil: () => undefined };
    const request = new Request(new URL('/women', ORIGIN));
    expect(await earlyPath({ pipeline, config, kv })(request, execution)).toBeNull();
    // The page and its purge stamp, looked up once.
    expect(lookups).toHaveLength(2);
    const astroPass = { request, url: new URL(request.url), routePattern: '/[...path]', waitUntil: () => undefined, routeSetCookies: () => false, passes: requestPasses(execution) };
    const rendered = await pipeline(astroPass, async () => new Response('<h1>Women</h1>', { headers: { 'Content-Type': 'text/html' } }));
    expect(rendered.headers.get('X-Cache')).toBe('MISS');
    expect(lookups).toHaveLength(2);
    // Another request (its own execution context) looks the page up: now stored, a HIT.
    forgetHotPages();
    const next = await earlyPath({ pipeline, config, kv })(new Request(new URL('/women', ORIGIN)), { waitUntil: () => undefined });
    expect([next?.headers.get('X-Cache'), lookups.length]).toEqual(['HIT', 4]);
  });
});

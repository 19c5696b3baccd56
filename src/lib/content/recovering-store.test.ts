import { beforeEach, describe, expect, it } from 'vitest';
import { forgetMemos } from '../cache/isolate-memo.ts';
import { BackendError } from '../backend-client.ts';
import { contentStore } from './content-store.ts';
import { contentKeys } from './keys.ts';
import { forgetRecoveries, recoveringStore, RECOVERY_INTERVAL_MS } from './recovering-store.ts';
import type { CmsPage, Product } from './schemas.ts';

/** KV over a Map, remembering each put's options. */
function memoryKv(initial: Record<string, unknown> = {}) {
  const values = new Map(Object.entries(initial).map(([key, value]) => [key, JSON.stringify(value)]));
  const puts: Array<{ key: string; options: KVNamespacePutOptions | undefined }> = [];
  const kv = {
    get: async (key: string, type?: string) => {
      const text = values.get(key) ?? null;
      return text !== null && type === 'json' ? JSON.parse(text) : text;
    },
    getWithMetadata: async (key: string) => ({ value: values.get(key) ?? null, metadata: null }),
    put: async (key: string, value: string, options?: KVNamespacePutOptions) => {
      values.set(key, value);
      puts.push({ key, options });
    },
  } as unknown as KVNamespace;
  return { kv, values, puts };
}

const page: CmsPage = { id: 3, identifier: 'about-us', title: 'About us', content: '<p>Hi</p>', isActive: true, updatedAt: '2026-11-01T00:00:00.000Z' } as CmsPage;

function setUp(options: { index?: string[]; backend?: () => Promise<CmsPage | null> } = {}) {
  const store = memoryKv(options.index ? { [contentKeys.recordIndex('default', 'cms')]: options.index } : {});
  const calls: string[] = [];
  const waited: Promise<unknown>[] = [];
  const client = {
    cmsPage: async (_store: string, identifier: string) => {
      calls.push(identifier);
      return (options.backend ?? (async () => page))();
    },
    blogPost: async () => null,
    listedProduct: async () => null as Product | null,
  };
  const content = recoveringStore(contentStore(store.kv, 'default'), { kv: store.kv, client, waitUntil: (promise) => void waited.push(promise) });
  return { content, calls, waited, ...store };
}

describe('recoveringStore (DECISIONS.md 52)', () => {
  beforeEach(() => {
    forgetMemos();
    forgetRecoveries();
  });

  it('asks the backend for a missing record the index names, and writes it back without a TTL', async () => {
    const shop = setUp({ index: ['about-us'] });
    expect(await shop.content.cmsPage('about-us')).toMatchObject({ identifier: 'about-us' });
    await Promise.all(shop.waited);
    expect(shop.calls).toEqual(['about-us']);
    const [put] = shop.puts;
    expect(put?.key).toBe('default:cms:about-us');
    expect(put?.options?.expirationTtl).toBeUndefined();
    expect(put?.options?.metadata).toEqual({ updatedAt: page.updatedAt, hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('answers absent without a backend call for a name the index does not hold, or with no index', async () => {
    const indexed = setUp({ index: ['about-us'] });
    expect(await indexed.content.cmsPage('random-guess')).toBeNull();
    expect(indexed.calls).toEqual([]);
    forgetMemos(); // the index read is memoized per isolate, as any KV read
    const unindexed = setUp();
    expect(await unindexed.content.cmsPage('about-us')).toBeNull();
    expect(unindexed.calls).toEqual([]);
  });

  it('calls the backend at most once a minute per key, keeping what it answered', async () => {
    let answers = 0;
    const shop = setUp({ index: ['about-us'], backend: async () => (++answers === 1 ? null : page) });
    expect(await shop.content.cmsPage('about-us')).toBeNull();
    forgetMemos();
    expect(await shop.content.cmsPage('about-us')).toBeNull();
    expect(shop.calls).toHaveLength(1);
    expect(RECOVERY_INTERVAL_MS).toBe(60_000);
  });

  it('treats a backend failure as absent (logged), without writing', async () => {
    const shop = setUp({ index: ['about-us'], backend: () => Promise.reject(new BackendError('/cms-pages', 'down', 503)) });
    expect(await shop.content.cmsPage('about-us')).toBeNull();
    expect(shop.puts).toEqual([]);
  });
});

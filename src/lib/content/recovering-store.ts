/**
 * Content never vanishes because a key expired (DECISIONS.md 52). A record key may be missing while
 * the record exists in the backend: the listing-stub refetch writes with a 24-hour TTL, and
 * `/cache/update` may set one. When a page's product, CMS page or blog post key is missing, the
 * sync's record index (`{store}:index:{kind}`, written without a TTL) decides: a name it holds is
 * asked of the backend as a guest, at most once a minute per key in this isolate, and written back
 * without a TTL, with the content hash the sync would store (so the next sync finds it unchanged); a
 * name it does not hold is absent, with no backend call, so random URLs cost the backend nothing.
 */
import { BackendError, type BackendClient } from '../backend-client.ts';
import { forgetMemos, memoized } from '../cache/isolate-memo.ts';
import { entry, type KvEntry } from '../sync/parts.ts';
import type { ContentStore } from './content-store.ts';
import { contentKeys, type IndexedKind } from './keys.ts';
import { recordIndexSchema, type BlogPost, type CmsPage, type Product } from './schemas.ts';

/** How long one isolate keeps the outcome of a recovery (the record, or that the backend had none). */
export const RECOVERY_INTERVAL_MS = 60_000;
/** Bounds memory: the oldest outcome goes first. */
const MAX_OUTCOMES = 1_000;

const outcomes = new Map<string, { at: number; record: unknown }>();

export interface RecoveryOptions {
  kv: KVNamespace;
  client: Pick<BackendClient, 'listedProduct' | 'cmsPage' | 'blogPost'>;
  /** The request's ExecutionContext.waitUntil: the write-back does not delay the page. */
  waitUntil: (promise: Promise<unknown>) => void;
}

async function indexNames(kv: KVNamespace, store: string, kind: IndexedKind): Promise<ReadonlySet<string>> {
  const key = contentKeys.recordIndex(store, kind);
  return memoized(`${key}#set`, async () => {
    const parsed = recordIndexSchema.safeParse(await kv.get(key, 'json'));
    return new Set(parsed.success ? parsed.data : []);
  });
}

type Fetch<T> = () => Promise<T | null>;

function recoverer(store: string, { kv, waitUntil }: RecoveryOptions) {
  return async function recover<T extends { updatedAt?: string | undefined }>(kind: IndexedKind, name: string, key: string, fetch: Fetch<T>): Promise<T | null> {
    if (!(await indexNames(kv, store, kind)).has(name)) return null;
    const now = Date.now();
    const known = outcomes.get(key);
    if (known && now - known.at < RECOVERY_INTERVAL_MS) return known.record as T | null;
    // Claimed before the call, so concurrent requests of this isolate make one call between them.
    outcomes.set(key, { at: now, record: null });
    if (outcomes.size > MAX_OUTCOMES) outcomes.delete(outcomes.keys().next().value as string);
    let record: T | null;
    try {
      record = await fetch();
    } catch (error) {
      if (!(error instanceof BackendError)) throw error;
      console.error(`recovering ${key} from the backend failed: ${error.message}`);
      return null;
    }
    outcomes.set(key, { at: now, record });
    if (record) {
      const stored: KvEntry = await entry(key, record, record.updatedAt === undefined ? undefined : { updatedAt: record.updatedAt });
      waitUntil(
        kv
          .put(key, stored.value, { metadata: { ...stored.metadata, hash: stored.hash } })
          .then(forgetMemos)
          .catch((error: unknown) => console.error(`writing the recovered ${key} failed:`, error)),
      );
    }
    return record;
  };
}

/** `content` whose product, CMS page and blog post reads recover a missing key the index names. */
export function recoveringStore(content: ContentStore, options: RecoveryOptions): ContentStore {
  const { store } = content;
  const recover = recoverer(store, options);
  const { client } = options;
  return {
    ...content,
    product: async (urlKey) =>
      (await content.product(urlKey)) ??
      recover<Product>('product', urlKey, contentKeys.product(store, urlKey), async () => {
        const listed = await client.listedProduct(store, urlKey);
        // The listing route matches URL keys as the backend does; only this exact key is this page's record.
        return listed?.urlKey === urlKey ? listed : null;
      }),
    cmsPage: async (identifier) =>
      (await content.cmsPage(identifier)) ?? recover<CmsPage>('cms', identifier, contentKeys.cms(store, identifier), () => client.cmsPage(store, identifier)),
    blogPost: async (identifier) =>
      (await content.blogPost(identifier)) ?? recover<BlogPost>('blog', identifier, contentKeys.blog(store, identifier), () => client.blogPost(store, identifier)),
  };
}

/** Forgets every recovery outcome (tests). */
export function forgetRecoveries(): void {
  outcomes.clear();
}

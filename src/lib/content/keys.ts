/**
 * Every KV key the storefront reads or writes is built here, from the table in SPEC.md
 * ("KV keys"). Nothing else concatenates key strings, so a key shape changes in one place.
 */

import { hasControlCharacter } from '../http/safe-path.ts';

/** The store-view code of the backend's default store; its keys carry this prefix too. */
export const DEFAULT_STORE = 'default';

export const PULSE_KEY = 'pulse';

/** The kinds of record a page is named by, each with an index of its names. */
export type IndexedKind = 'product' | 'cms' | 'blog';

/**
 * How many keys the SKU index of a store is spread over. Fixed, so a SKU's bucket is known without
 * reading anything and a lookup stays one KV read. 128 because the index used to be one key per
 * product, the largest share of a first sync's writes: 128 buckets cap the index at 128 writes a
 * store (2,000 at 2,000 products before), while a bucket stays small enough to read and parse on
 * the widget's request path (at 50,000 products, the largest catalog the bench syncs, about 390
 * SKUs, some 20 KB), and a named sync of one product rewrites one bucket of that size. Changing it
 * moves SKUs between buckets: the next full sync rewrites the index and prunes the old buckets.
 */
export const SKU_INDEX_BUCKETS = 128;

/** The bucket of a SKU: FNV-1a (32-bit) over its UTF-8 bytes, a stable and cheap spread. */
export function skuIndexBucket(sku: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(sku)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % SKU_INDEX_BUCKETS;
}

const skuIndexBucketKey = (store: string, bucket: number) => `${store}:sku-index:${bucket.toString(16).padStart(2, '0')}`;

export const contentKeys = {
  config: (store: string) => `${store}:config`,
  categories: (store: string) => `${store}:categories`,
  product: (store: string, urlKey: string) => `${store}:product:${urlKey}`,
  productPrefix: (store: string) => `${store}:product:`,
  /**
   * The SKU index bucket holding `sku`: a JSON map SKU → urlKey of the synced products whose SKUs
   * hash into it (`/embed/products` is asked by SKU while products are keyed by urlKey). Written and
   * pruned by the product sync with the products (storefront-internal, outside the SPEC.md table,
   * so `/cache/*` does not accept it). See SKU_INDEX_BUCKETS for the bucket count.
   */
  skuIndex: (store: string, sku: string) => skuIndexBucketKey(store, skuIndexBucket(sku)),
  skuIndexBucket: (store: string, bucket: number) => skuIndexBucketKey(store, bucket),
  skuIndexPrefix: (store: string) => `${store}:sku-index:`,
  /**
   * One key per SKU (`{store}:sku:{sku}` → urlKey), the layout before the buckets: still owned by the
   * product sync so that its first full sync after the change deletes these keys.
   */
  legacySkuIndexPrefix: (store: string) => `${store}:sku:`,
  listingPage: (store: string, categoryId: number, page: number) =>
    `${store}:products:category:${categoryId}:page:${page}`,
  listingPrefix: (store: string) => `${store}:products:category:`,
  /**
   * A category's facet index (layered navigation: lib/catalog/facet-index.ts), one per category,
   * written and pruned by the product sync with the listing pages (storefront-internal, outside the
   * SPEC.md table).
   */
  facetIndex: (store: string, categoryId: number) => `${store}:facets:category:${categoryId}`,
  facetIndexPrefix: (store: string) => `${store}:facets:category:`,
  cms: (store: string, identifier: string) => `${store}:cms:${identifier}`,
  cmsPrefix: (store: string) => `${store}:cms:`,
  /**
   * The public schema of a Custom Forms form a CMS page embeds, written with the CMS pages by their
   * sync (storefront-internal, outside the SPEC.md table).
   */
  form: (store: string, code: string) => `${store}:form:${code}`,
  formPrefix: (store: string) => `${store}:form:`,
  blog: (store: string, identifier: string) => `${store}:blog:${identifier}`,
  blogPrefix: (store: string) => `${store}:blog:`,
  countries: (store: string) => `${store}:countries`,
  /**
   * Old paths of a kind's records → their new paths (301s), written by the sync of that kind
   * (categories or products; storefront-internal, outside the SPEC.md table).
   */
  redirects: (store: string, entity: 'product' | 'category') => `${store}:redirects:${entity}`,
  /**
   * The names (urlKeys, identifiers) of every record of a kind the sync stored for the store, as a
   * sorted JSON array, written by the full and named syncs without a TTL (storefront-internal,
   * outside the SPEC.md table). A page whose record key is missing is recovered from the backend only
   * when this index names it (DECISIONS.md 52; lib/content/recovering-store.ts).
   */
  recordIndex: (store: string, kind: IndexedKind) => `${store}:index:${kind}`,
  pulse: () => PULSE_KEY,
  /**
   * When `/freshness` last re-read a content key (a short-lived stamp, DECISIONS.md 6). No store
   * prefix: it stays out of every prefix the sync owns and lists.
   */
  freshnessStamp: (contentKey: string) => `freshness:${contentKey}`,
} as const;

/** What a key of the SPEC.md KV table names; null for any other string. */
export type ContentKey =
  | { kind: 'config' | 'categories' | 'countries'; store: string }
  | { kind: 'product'; store: string; urlKey: string }
  | { kind: 'listingPage'; store: string; categoryId: number; page: number }
  | { kind: 'cms' | 'blog'; store: string; identifier: string }
  | { kind: 'pulse' };

/** Store codes as the backend issues them. */
const STORE_CODE = /^[A-Za-z0-9_-]{1,64}$/;
/** KV allows 512 bytes; the freshness stamp prefixes a content key, so content keys stay below. */
export const MAX_CONTENT_KEY_BYTES = 480;
const LISTING_PAGE = /^products:category:([1-9][0-9]{0,9}):page:([1-9][0-9]{0,5})$/;

export function parseContentKey(key: string): ContentKey | null {
  if (key === PULSE_KEY) return { kind: 'pulse' };
  if (new TextEncoder().encode(key).length > MAX_CONTENT_KEY_BYTES) return null;
  const separator = key.indexOf(':');
  const store = key.slice(0, separator);
  const rest = key.slice(separator + 1);
  if (separator < 1 || !STORE_CODE.test(store)) return null;
  if (rest === 'config' || rest === 'categories' || rest === 'countries') return { kind: rest, store };
  const listing = LISTING_PAGE.exec(rest);
  if (listing) return { kind: 'listingPage', store, categoryId: Number(listing[1]), page: Number(listing[2]) };
  for (const [prefix, kind] of [['product:', 'product'], ['cms:', 'cms'], ['blog:', 'blog']] as const) {
    const name = rest.startsWith(prefix) ? rest.slice(prefix.length) : '';
    if (name === '' || hasControlCharacter(name)) continue;
    return kind === 'product' ? { kind, store, urlKey: name } : { kind, store, identifier: name };
  }
  return null;
}

/** The part of a prefixed key after its prefix (e.g. the urlKey of a product key). */
export function keySuffix(key: string, prefix: string): string {
  return key.startsWith(prefix) ? key.slice(prefix.length) : key;
}

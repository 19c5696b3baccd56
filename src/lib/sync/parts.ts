/**
 * What each entity type of the sync fetches from the backend and which KV entries it becomes.
 * Building a part fetches and validates and writes nothing: the sync coordinator (coordinator.ts)
 * writes the entries of every part only once all of them were built, so a failure anywhere leaves
 * the previous content untouched (DECISIONS.md 3).
 */
import type { z } from 'zod';
import type { BackendClient } from '../backend-client.ts';
import { contentKeys, type IndexedKind } from '../content/keys.ts';
import { FORMAT_METADATA, RECORD_FORMAT } from '../content/record-format.ts';
import { listingPageSchema, type Product, type SkuIndexBucket, type UrlRedirect } from '../content/schemas.ts';
import { buildListingPages, flattenCategories } from '../catalog/listing.ts';
import { B2B_MODULES, withB2bPlugins } from './b2b-plugins.ts';
import { formsOfPages } from './cms-forms.ts';
import { facetIndexEntries } from './facets.ts';
import { sha256Hex } from '../hex.ts';

export const syncTypes = ['config', 'categories', 'products', 'cmsPages', 'blogPosts', 'countries'] as const;
export type SyncType = (typeof syncTypes)[number];

/** The URL segment of each partial sync route: /sync/cms-pages syncs `cmsPages`. */
export const syncTypeBySegment: Record<string, SyncType> = {
  config: 'config',
  categories: 'categories',
  products: 'products',
  'cms-pages': 'cmsPages',
  'blog-posts': 'blogPosts',
  countries: 'countries',
};

export interface KvEntry {
  key: string;
  value: string;
  /** Digest of `value`: kept in the key's metadata so an unchanged record is not rewritten. */
  hash: string;
  metadata?: Record<string, string>;
}

/**
 * An entry whose value is the JSON of `record`, with its content hash. The hash covers the record's
 * format mark too (record-format.ts), so a build with other schemas rewrites the marked records.
 */
export async function entry(key: string, record: unknown, metadata?: Record<string, string>): Promise<KvEntry> {
  const value = JSON.stringify(record);
  const format = metadata?.[FORMAT_METADATA];
  return { key, value, hash: (await sha256Hex(format === undefined ? value : `${format}\n${value}`)).slice(0, 16), metadata };
}

/**
 * An entry of a record the backend client parsed with its readers' schema (record-format.ts): marked,
 * so a page reads it without checking it again.
 */
export const checkedEntry = (key: string, record: unknown, metadata: Record<string, string> = {}) =>
  entry(key, record, { ...metadata, [FORMAT_METADATA]: RECORD_FORMAT });

/**
 * An entry of a record the sync built (a listing page, a facet index), checked here against its
 * readers' schema and marked. One the schema refuses (a bug) is written unmarked, as before marks
 * existed: pages then check it, log it and treat it as absent, and the rest of the sync goes on.
 */
export function validatedEntry<T>(key: string, schema: z.ZodType<T>, record: T): Promise<KvEntry> {
  const checked = schema.safeParse(record);
  if (checked.success) return checkedEntry(key, checked.data);
  console.error(`sync: ${key} does not pass its readers' schema (${checked.error.issues[0]?.message}); written unmarked`);
  return entry(key, record);
}

export interface SyncPart {
  store: string;
  type: SyncType;
  /** How many records of the type this part holds (the `synced` counts). */
  count: number;
  entries: KvEntry[];
}

type PartBuilder = (client: BackendClient, store: string) => Promise<Omit<SyncPart, 'store' | 'type'>>;

/** Keys under these prefixes that a part does not hold are gone from the backend: deleted. */
const prefixesOwned: Record<SyncType, (store: string) => string[]> = {
  config: () => [],
  // A whole key is its own prefix: listed, its hash spares the write when nothing moved.
  categories: (store) => [contentKeys.redirects(store, 'category')],
  products: (store) => [
    contentKeys.productPrefix(store),
    contentKeys.listingPrefix(store),
    contentKeys.facetIndexPrefix(store),
    contentKeys.skuIndexPrefix(store),
    contentKeys.legacySkuIndexPrefix(store),
    contentKeys.redirects(store, 'product'),
  ],
  cmsPages: (store) => [contentKeys.cmsPrefix(store), contentKeys.formPrefix(store)],
  blogPosts: (store) => [contentKeys.blogPrefix(store)],
  countries: () => [],
};

export function ownedPrefixes(store: string, type: SyncType): string[] {
  return prefixesOwned[type](store);
}

/** The index of a kind's record names (DECISIONS.md 52): sorted, so an unchanged set hashes alike. */
export const indexEntry = (store: string, kind: IndexedKind, names: Iterable<string>) =>
  entry(contentKeys.recordIndex(store, kind), [...new Set(names)].sort());

/** Redirects as the storefront looks them up: old path → new path. */
export const redirectMap = (redirects: UrlRedirect[]) => Object.fromEntries(redirects.map((redirect) => [redirect.from, redirect.to]));

/** Each product under its urlKey, as the client parsed it (a listing or a detail record: both read as a detail). */
export const productEntries = (store: string, products: Product[]) =>
  Promise.all(products.map((product) => checkedEntry(contentKeys.product(store, product.urlKey), product, { updatedAt: product.updatedAt })));

/**
 * The SKU index bucket entries (the widget asks by SKU): each bucket's map SKU → urlKey, its SKUs
 * sorted so that an unchanged bucket hashes alike; a bucket no SKU falls in is not written.
 */
export function skuIndexEntries(store: string, buckets: ReadonlyMap<string, SkuIndexBucket>): Promise<KvEntry[]> {
  return Promise.all(
    [...buckets].map(([key, bucket]) => entry(key, Object.fromEntries(Object.entries(bucket).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))),
  );
}

/** The SKU index of a whole catalog, bucket key → its map. */
export function skuIndexOf(store: string, products: readonly Product[]): Map<string, SkuIndexBucket> {
  const buckets = new Map<string, SkuIndexBucket>();
  for (const product of products) {
    const key = contentKeys.skuIndex(store, product.sku);
    if (!buckets.has(key)) buckets.set(key, {});
    buckets.get(key)![product.sku] = product.urlKey;
  }
  return buckets;
}

const builders: Record<SyncType, PartBuilder> = {
  async config(client, store) {
    // The B2B probes belong to the config part, so a config-only sync never drops the manifests.
    const [base, ...probed] = await Promise.all([
      client.storeConfig(store),
      ...B2B_MODULES.map((module) => client.b2bPlugin(store, module)),
    ]);
    const config = withB2bPlugins(base, probed.filter((manifest) => manifest !== null));
    return { count: 1, entries: [await entry(contentKeys.config(store), config)] };
  },
  async categories(client, store) {
    const [tree, moved] = await Promise.all([client.categories(store), client.urlRedirects(store, 'category')]);
    return {
      count: flattenCategories(tree).length,
      entries: await Promise.all([entry(contentKeys.categories(store), tree), entry(contentKeys.redirects(store, 'category'), redirectMap(moved))]),
    };
  },
  async products(client, store) {
    // Each page's entries are made (serialised, hashed) while the next pages are fetched; listing
    // pages need every product, so they come last.
    const pages: Promise<KvEntry[]>[] = [];
    const onPage = (products: Product[]) => void pages.push(productEntries(store, products));
    // The tree decides which listing pages exist; it is read, not stored, by this part.
    const [products, tree, moved] = await Promise.all([client.products(store, onPage), client.categories(store), client.urlRedirects(store, 'product')]);
    const listingEntries = await Promise.all(
      buildListingPages(tree, products).map((page) => validatedEntry(contentKeys.listingPage(store, page.categoryId, page.page), listingPageSchema, page)),
    );
    const facetEntries = await facetIndexEntries(store, tree, products);
    const redirects = await entry(contentKeys.redirects(store, 'product'), redirectMap(moved));
    const index = await indexEntry(store, 'product', products.map((product) => product.urlKey));
    const skuIndex = await skuIndexEntries(store, skuIndexOf(store, products));
    return { count: products.length, entries: [...(await Promise.all(pages)).flat(), ...skuIndex, ...listingEntries, ...facetEntries, redirects, index] };
  },
  async cmsPages(client, store) {
    const pages = await client.cmsPages(store);
    const forms = await formsOfPages(client, store, pages);
    return {
      count: pages.length,
      entries: await Promise.all([
        ...pages.map((page) => checkedEntry(contentKeys.cms(store, page.identifier), page, { updatedAt: page.updatedAt })),
        ...forms.map((form) => entry(contentKeys.form(store, form.code), form)),
        indexEntry(store, 'cms', pages.map((page) => page.identifier)),
      ]),
    };
  },
  async blogPosts(client, store) {
    const posts = await client.blogPosts(store);
    return {
      count: posts.length,
      entries: await Promise.all([
        ...posts.map((post) => checkedEntry(contentKeys.blog(store, post.identifier), post, { updatedAt: post.updatedAt })),
        indexEntry(store, 'blog', posts.map((post) => post.identifier)),
      ]),
    };
  },
  async countries(client, store) {
    const countries = await client.countries(store);
    return {
      count: countries.length,
      entries: [await entry(contentKeys.countries(store), countries)],
    };
  },
};

export async function buildPart(client: BackendClient, store: string, type: SyncType): Promise<SyncPart> {
  return { store, type, ...(await builders[type](client, store)) };
}

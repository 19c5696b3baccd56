/**
 * Typed reads of one store view's content from KV. Each read validates the record, so a page
 * either gets a well-formed record or null (absent or malformed, the latter logged); a record the
 * sync marked as checked against the same schema is not checked again (record-format.ts). Reads go
 * through the isolate memo: a page's shared records (config, tree, footer) cost no KV read on
 * most requests.
 */
import type { z } from 'zod';
import { memoized } from '../cache/isolate-memo.ts';
import { contentKeys, PULSE_KEY } from './keys.ts';
import { isCheckedRecord } from './record-format.ts';
import {
  blogPostSchema,
  categoryTreeSchema,
  cmsPageSchema,
  countryListSchema,
  facetIndexSchema,
  listingPageSchema,
  productSchema,
  pulseSchema,
  redirectMapSchema,
  skuIndexSchema,
  storeConfigSchema,
  storedFormSchema,
  type Product,
  type Pulse,
  type StoredForm,
} from './schemas.ts';

function readRecord<T>(kv: KVNamespace, key: string, schema: z.ZodType<T>): Promise<T | null> {
  return memoized(key, () => readValidated(kv, key, schema));
}

async function readValidated<T>(kv: KVNamespace, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const { value: text, metadata } = await kv.getWithMetadata(key, 'text');
  if (text === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // Written by hand or damaged: the page treats it as absent instead of failing.
    console.error(`KV record ${key} is not JSON`);
    return null;
  }
  // The sync checked it against this schema before writing it (record-format.ts).
  if (isCheckedRecord(metadata, schema)) return raw as T;
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  console.error(`KV record ${key} is malformed: ${result.error.issues[0]?.message}`);
  return null;
}

/** The data version (DECISIONS.md 4), or null before the first sync. */
export async function readPulse(kv: KVNamespace): Promise<Pulse | null> {
  const result = pulseSchema.safeParse(await kv.get(PULSE_KEY, 'json'));
  return result.success ? result.data : null;
}

export function contentStore(kv: KVNamespace, store: string) {
  return {
    store,
    config: () => readRecord(kv, contentKeys.config(store), storeConfigSchema),
    categories: async () => (await readRecord(kv, contentKeys.categories(store), categoryTreeSchema)) ?? [],
    product: (urlKey: string) => readRecord(kv, contentKeys.product(store, urlKey), productSchema),
    listingPage: (categoryId: number, page: number) =>
      readRecord(kv, contentKeys.listingPage(store, categoryId, page), listingPageSchema),
    /** A category's facet index; null before a sync wrote one (the page then offers no filters). */
    facetIndex: (categoryId: number) => readRecord(kv, contentKeys.facetIndex(store, categoryId), facetIndexSchema),
    cmsPage: (identifier: string) => readRecord(kv, contentKeys.cms(store, identifier), cmsPageSchema),
    blogPost: (identifier: string) => readRecord(kv, contentKeys.blog(store, identifier), blogPostSchema),
    countries: async () => (await readRecord(kv, contentKeys.countries(store), countryListSchema)) ?? [],
    /** Where an old category or product path moved (its URL key changed), or null. */
    async movedTo(path: string): Promise<string | null> {
      const maps = await Promise.all(
        (['category', 'product'] as const).map((entity) => readRecord(kv, contentKeys.redirects(store, entity), redirectMapSchema)),
      );
      for (const map of maps) if (map && Object.hasOwn(map, path)) return map[path]!;
      return null;
    },
  };
}

export type ContentStore = ReturnType<typeof contentStore>;

/**
 * The products SKUs name in a store view, in the order asked, through the SKU index the product sync
 * writes: one KV read per bucket the SKUs fall in (SKUs sharing a bucket share the read), each
 * product read with `content` (which may recover a record whose key expired); null for a SKU no
 * synced product has. Only `/embed/products` asks by SKU, so pages' stores go without.
 */
export async function readProductsBySku(kv: KVNamespace, content: Pick<ContentStore, 'store' | 'product'>, skus: readonly string[]): Promise<Array<Product | null>> {
  const buckets = new Map<string, Promise<Record<string, string> | null>>();
  const bucketOf = (sku: string) => {
    const key = contentKeys.skuIndex(content.store, sku);
    if (!buckets.has(key)) buckets.set(key, readRecord(kv, key, skuIndexSchema));
    return buckets.get(key)!;
  };
  return Promise.all(
    skus.map(async (sku) => {
      const bucket = await bucketOf(sku);
      return bucket && Object.hasOwn(bucket, sku) ? content.product(bucket[sku]!) : null;
    }),
  );
}

/** The forms a CMS page embeds, synced beside the pages; a code without a stored form is left out. */
export async function readStoredForms(kv: KVNamespace, store: string, codes: readonly string[]): Promise<StoredForm[]> {
  const forms = await Promise.all(codes.map((code) => readRecord(kv, contentKeys.form(store, code), storedFormSchema)));
  return forms.filter((form) => form !== null);
}

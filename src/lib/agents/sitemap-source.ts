/**
 * What the sitemap needs from KV, read within Workers' limits: records are listed with `kv.list()`
 * pages of 1,000 keys whose `updatedAt` metadata the sync writes, never one read per record. For
 * 10,000 products that is 10 list calls, plus one read of the category tree and two small lists.
 */
import { RESERVED_CMS_IDENTIFIERS } from '../catalog/resolve-path.ts';
import { contentKeys, keySuffix } from '../content/keys.ts';
import { productKeyMetadataSchema, type CategoryNode } from '../content/schemas.ts';
import { MAX_SITEMAP_PRODUCTS, type ListedRecord } from './sitemap.ts';

/** The most keys one `list()` call returns. */
export const KV_LIST_PAGE = 1000;

export type ListingKv = Pick<KVNamespace, 'list'>;

/** Up to `limit` records under a prefix, each with its `updatedAt` metadata when well-formed. */
export async function listRecords(kv: ListingKv, prefix: string, limit = Number.POSITIVE_INFINITY): Promise<ListedRecord[]> {
  const records: ListedRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix, cursor, limit: KV_LIST_PAGE });
    for (const key of page.keys) {
      if (records.length >= limit) break;
      const metadata = productKeyMetadataSchema.safeParse(key.metadata);
      records.push({ name: keySuffix(key.name, prefix), updatedAt: metadata.success ? metadata.data.updatedAt : undefined });
    }
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor && records.length < limit);
  return records;
}

export interface SitemapSource {
  categories: CategoryNode[];
  products: ListedRecord[];
  cmsPages: ListedRecord[];
  blogPosts: ListedRecord[];
  homeUpdatedAt: string | undefined;
}

export async function loadSitemapSource(
  kv: ListingKv,
  store: string,
  readCategories: () => Promise<CategoryNode[]>,
): Promise<SitemapSource> {
  const [categories, products, cms, blogPosts] = await Promise.all([
    readCategories(),
    listRecords(kv, contentKeys.productPrefix(store), MAX_SITEMAP_PRODUCTS),
    listRecords(kv, contentKeys.cmsPrefix(store)),
    listRecords(kv, contentKeys.blogPrefix(store)),
  ]);
  return {
    categories,
    products,
    cmsPages: cms.filter((page) => !RESERVED_CMS_IDENTIFIERS.has(page.name)),
    blogPosts,
    homeUpdatedAt: cms.find((page) => page.name === 'home')?.updatedAt,
  };
}

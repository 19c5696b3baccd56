/**
 * Reads the storefront's SKU index as `/embed/products` does: the bucket a SKU falls in, then the
 * SKU in it (src/lib/content/keys.ts, `skuIndex`).
 */
import { contentKeys } from '../../src/lib/content/keys.ts';

/** The urlKey the SKU index gives `sku` in `store`, or null when it is not indexed. */
export async function indexedUrlKey(kv: KVNamespace, store: string, sku: string): Promise<string | null> {
  const bucket = await kv.get<Record<string, string>>(contentKeys.skuIndex(store, sku), 'json');
  return bucket && Object.hasOwn(bucket, sku) ? bucket[sku]! : null;
}

/** Every SKU the store's index holds, read bucket by bucket (listing the index's prefix). */
export async function indexedSkus(kv: KVNamespace, store: string): Promise<Map<string, string>> {
  const skus = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix: contentKeys.skuIndexPrefix(store), cursor });
    for (const key of page.keys) {
      const bucket = await kv.get<Record<string, string>>(key.name, 'json');
      for (const [sku, urlKey] of Object.entries(bucket ?? {})) skus.set(sku, urlKey);
    }
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return skus;
}

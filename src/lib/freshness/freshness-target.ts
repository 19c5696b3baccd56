/**
 * What a `/freshness` request names (DECISIONS.md 6): a page path, resolved as the storefront
 * resolves URLs, or a KV key. Only records the backend can be asked for one by one qualify:
 * products, CMS pages, blog posts and the category tree. A path must name a page that exists, so
 * the endpoint cannot be used to make the worker fetch arbitrary things from the backend.
 */
import { resolvePath } from '../catalog/resolve-path.ts';
import type { ContentStore } from '../content/content-store.ts';
import { contentKeys, parseContentKey } from '../content/keys.ts';

export type FreshnessTarget =
  | { kind: 'product'; store: string; key: string; urlKey: string }
  | { kind: 'cms' | 'blog'; store: string; key: string; identifier: string }
  | { kind: 'categories'; store: string; key: string };

/** The record a page path shows, in the store of the request's host; null when it shows none. */
export async function targetForPath(
  content: Pick<ContentStore, 'store' | 'categories' | 'product' | 'cmsPage'>,
  path: string,
): Promise<FreshnessTarget | null> {
  const { store } = content;
  const resolved = await resolvePath(content, await content.categories(), path);
  switch (resolved?.kind) {
    case 'category':
      return { kind: 'categories', store, key: contentKeys.categories(store) };
    case 'product': {
      const { urlKey } = resolved.product;
      return { kind: 'product', store, key: contentKeys.product(store, urlKey), urlKey };
    }
    case 'cms': {
      const { identifier } = resolved.page;
      return { kind: 'cms', store, key: contentKeys.cms(store, identifier), identifier };
    }
    default:
      return null;
  }
}

/** The record a KV key names, when it is of a kind freshness handles; null otherwise. */
export function targetForKey(key: string): FreshnessTarget | null {
  const parsed = parseContentKey(key);
  switch (parsed?.kind) {
    case 'product':
      return { kind: 'product', store: parsed.store, key, urlKey: parsed.urlKey };
    case 'cms':
    case 'blog':
      return { kind: parsed.kind, store: parsed.store, key, identifier: parsed.identifier };
    case 'categories':
      return { kind: 'categories', store: parsed.store, key };
    default:
      return null;
  }
}

/**
 * Re-reads one record from the backend as a guest (the sync's view) and compares it with KV. Both
 * sides pass the same zod schema, so equal content serializes equally. A record the backend no
 * longer has is gone from KV too, as a sync of its type would do.
 */
import { BackendError, type BackendClient } from '../backend-client.ts';
import { blogPostHref } from '../catalog/blog.ts';
import { categoryHref } from '../catalog/category-tree.ts';
import { flattenCategories } from '../catalog/listing.ts';
import { productHref } from '../catalog/product-view.ts';
import { cmsHref } from '../catalog/resolve-path.ts';
import type { ContentStore } from '../content/content-store.ts';
import { REFETCHED_PRODUCT_TTL_S, type WriteOptions } from '../content/content-writer.ts';
import type { CategoryNode, Product } from '../content/schemas.ts';
import type { FreshnessTarget } from './freshness-target.ts';
import { correctedListings, type CorrectedListing } from './listing-cards.ts';

/** Types whose sync record is a listing stub: their full record is a refetch, with its TTL. */
const REFETCHED_TYPES: ReadonlySet<Product['type']> = new Set(['configurable', 'grouped', 'bundle', 'downloadable', 'giftcard']);

export type Revalidation =
  | { changed: false }
  | {
      changed: true;
      /** The fresh record to write, or null when the backend no longer has it (delete). */
      fresh: unknown;
      write: WriteOptions;
      /** Listing pages whose card of the product changed, to rewrite (their paths are in `pages`). */
      listings: CorrectedListing[];
      /** Root-relative page paths that show the record. */
      pages: string[];
    };

const same = (stored: unknown, fresh: unknown) => JSON.stringify(stored) === JSON.stringify(fresh);

async function productOrGone(client: Pick<BackendClient, 'product'>, store: string, id: number): Promise<Product | null> {
  try {
    return await client.product(store, id);
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) return null;
    throw error;
  }
}

const categoryPages = (tree: CategoryNode[]) => flattenCategories(tree).map(({ category }) => categoryHref(category));

/** Null when the record is not in KV (nothing to compare with, nothing to re-read). */
export async function revalidate(
  target: FreshnessTarget,
  content: Pick<ContentStore, 'store' | 'product' | 'cmsPage' | 'blogPost' | 'categories' | 'listingPage'>,
  client: Pick<BackendClient, 'product' | 'cmsPage' | 'blogPost' | 'categories'>,
): Promise<Revalidation | null> {
  switch (target.kind) {
    case 'product': {
      const stored = await content.product(target.urlKey);
      if (!stored) return null;
      const fresh = await productOrGone(client, target.store, stored.id);
      if (same(stored, fresh)) return { changed: false };
      const ttl = fresh && REFETCHED_TYPES.has(fresh.type) ? REFETCHED_PRODUCT_TTL_S : undefined;
      // A product gone from the backend leaves the listings to the sync, which removes it and renumbers the pages.
      const listings = fresh ? await correctedListings(content, stored, fresh) : [];
      const pages = [productHref(target.urlKey), ...listings.map((listing) => listing.path)];
      return { changed: true, fresh, write: { ttl, updatedAt: fresh?.updatedAt }, listings, pages };
    }
    case 'cms':
    case 'blog': {
      const stored = target.kind === 'cms' ? await content.cmsPage(target.identifier) : await content.blogPost(target.identifier);
      if (!stored) return null;
      const fresh =
        target.kind === 'cms'
          ? await client.cmsPage(target.store, target.identifier)
          : await client.blogPost(target.store, target.identifier);
      if (same(stored, fresh)) return { changed: false };
      // CMS pages live at their identifier; a post at /blog/{identifier}, and the blog's index lists its title.
      const pages = target.kind === 'cms' ? [cmsHref(target.identifier)] : [blogPostHref(target.identifier), '/blog'];
      return { changed: true, fresh, write: { updatedAt: fresh?.updatedAt }, listings: [], pages };
    }
    case 'categories': {
      const stored = await content.categories();
      const fresh = await client.categories(target.store);
      if (same(stored, fresh)) return { changed: false };
      // The tree feeds the menu of every page; the home page and the category pages show it most.
      const pages = [...new Set(['/', ...categoryPages(stored), ...categoryPages(fresh)])];
      return { changed: true, fresh, write: {}, listings: [], pages };
    }
  }
}

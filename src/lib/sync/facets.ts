/**
 * The product sync's facet indexes (layered navigation, lib/catalog/facet-index.ts): one KV key per
 * category, `{store}:facets:category:{id}`, beside its listing pages. One key per category whatever
 * its size keeps the request path at one read for the filters and counts; its content hash spares
 * the write when nothing a filter sees changed, so a no-op sync writes none.
 */
import { buildFacetIndex } from '../catalog/facet-index.ts';
import { CATEGORY_PAGE_SIZE, categoryMembers } from '../catalog/listing.ts';
import { contentKeys } from '../content/keys.ts';
import { facetIndexSchema, type CategoryNode, type Product } from '../content/schemas.ts';
import { validatedEntry, type KvEntry } from './parts.ts';

/** The facet index entry of one category from its members in listing order. */
export function facetIndexEntry(store: string, categoryId: number, members: Product[]): Promise<KvEntry> {
  return validatedEntry(contentKeys.facetIndex(store, categoryId), facetIndexSchema, buildFacetIndex(categoryId, members, CATEGORY_PAGE_SIZE));
}

/** Every category's facet index entry (a full product sync). */
export function facetIndexEntries(store: string, tree: CategoryNode[], products: Product[]): Promise<KvEntry[]> {
  return Promise.all(categoryMembers(tree, products).map(({ category, members }) => facetIndexEntry(store, category.id, members)));
}

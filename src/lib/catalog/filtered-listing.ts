/**
 * One page of a category's listing with filters applied. How filters meet KV's paginated listings
 * (within Workers' limits): the facet index (one KV read, already read for the sidebar) says which
 * members match and, by their positions, which listing pages hold them; the page's members are
 * ordered and cut from the index (names and shown prices are in it), and only the listing pages that
 * hold that cut are read, in parallel: at most one page's worth of products (24), so at most 24 KV
 * reads and usually one or two, whatever the category's size. The result is edge-cached per URL
 * like any page (guest view), under the same version tag.
 *
 * A card missing from the page its index position names (a sync between the two writes) is left
 * out of this answer rather than failing the page; the next sync's pulse replaces the cached copy.
 */
import type { ContentStore } from '../content/content-store.ts';
import type { FacetIndex, ListingPage, ProductCard } from '../content/schemas.ts';
import { matchingPositions, type FacetSelection } from './facet-filter.ts';
import { isPriceSort, type SortOrder } from './listing-sort.ts';
import type { SortedListing } from './listing-data.ts';

function ordered(index: FacetIndex, positions: number[], sort: SortOrder, locale: string): number[] {
  if (sort === 'position') return positions;
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const member = (position: number) => index.products[position]!;
  const byName = (a: number, b: number) => collator.compare(member(a).name, member(b).name);
  if (sort === 'name') return [...positions].sort(byName);
  const direction = sort === 'price-asc' ? 1 : -1;
  const price = (position: number) => member(position).price ?? Number.POSITIVE_INFINITY;
  return [...positions].sort((a, b) => (price(a) - price(b)) * direction || byName(a, b));
}

/**
 * The filtered page, or null past its last page (→ 404). A price order where the index holds no
 * prices (some are hidden) falls back to the default order, as unfiltered listings do.
 */
export async function loadFilteredListing(
  content: Pick<ContentStore, 'listingPage'>,
  index: FacetIndex,
  selection: FacetSelection,
  page: number,
  requested: SortOrder,
  locale: string,
): Promise<SortedListing | null> {
  const sort = isPriceSort(requested) && index.priceStep === null ? 'position' : requested;
  const matching = ordered(index, matchingPositions(index, selection), sort, locale);
  const { pageSize } = index;
  const totalPages = Math.max(1, Math.ceil(matching.length / pageSize));
  if (page > totalPages) return null;
  const shown = matching.slice((page - 1) * pageSize, page * pageSize);
  const pageNumbers = [...new Set(shown.map((position) => Math.floor(position / pageSize) + 1))];
  const pages = await Promise.all(pageNumbers.map((number) => content.listingPage(index.categoryId, number)));
  const cards = new Map<number, ProductCard>();
  for (const listing of pages) for (const card of listing?.products ?? []) cards.set(card.id, card);
  const products = shown.flatMap((position) => cards.get(index.products[position]!.id) ?? []);
  const listing: ListingPage = { categoryId: index.categoryId, page, pageSize, totalItems: matching.length, totalPages, products };
  return { listing, sort };
}

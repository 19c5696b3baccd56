/**
 * A product's card on the category listing pages (DECISIONS.md 6, issue 30): when `/freshness` finds
 * a product changed, the listing pages that show it still hold its old card (price, name, stock)
 * until the next sync. This finds those pages and gives them the fresh card. It corrects what a
 * card shows only: a changed position or category membership reorders or reshapes listings, which
 * stays the sync's job (the connector syncs every save).
 */
import { categoryHref } from '../catalog/category-tree.ts';
import { flattenCategories, toProductCard } from '../catalog/listing.ts';
import { pageHref } from '../catalog/pagination.ts';
import type { ContentStore } from '../content/content-store.ts';
import { contentKeys } from '../content/keys.ts';
import { productCardSchema, type ListingPage, type Product, type ProductCard } from '../content/schemas.ts';

export interface CorrectedListing {
  key: string;
  page: ListingPage;
  /** The page's storefront path (`/gear`, `/gear?page=2`), to purge. */
  path: string;
}

/** The listing pages of the product's categories and their ancestors (a category lists its subtree) whose card differs. */
export async function correctedListings(
  content: Pick<ContentStore, 'store' | 'categories' | 'listingPage'>,
  stored: Pick<Product, 'id' | 'categoryIds'>,
  fresh: Product,
): Promise<CorrectedListing[]> {
  // Through the schema a stored page was read with, so an unchanged card compares equal; made once a page shows the product.
  let card: ProductCard | undefined;
  const freshCard = () => (card ??= productCardSchema.parse(toProductCard(fresh)));
  const inCategories = new Set([...stored.categoryIds, ...fresh.categoryIds]);
  const listing = flattenCategories(await content.categories()).filter(({ subtreeIds }) => subtreeIds.some((id) => inCategories.has(id)));

  const perCategory = await Promise.all(
    listing.map(async ({ category }) => {
      const first = await content.listingPage(category.id, 1);
      if (!first) return [];
      const rest = await Promise.all(Array.from({ length: first.totalPages - 1 }, (_, index) => content.listingPage(category.id, index + 2)));
      const corrected: CorrectedListing[] = [];
      for (const page of [first, ...rest]) {
        if (!page) continue;
        const at = page.products.findIndex((product) => product.id === fresh.id);
        if (at < 0 || JSON.stringify(page.products[at]) === JSON.stringify(freshCard())) continue;
        const products = page.products.map((product, index) => (index === at ? freshCard() : product));
        corrected.push({
          key: contentKeys.listingPage(content.store, category.id, page.page),
          page: { ...page, products },
          path: pageHref(categoryHref(category), page.page),
        });
      }
      return corrected;
    }),
  );
  return perCategory.flat();
}

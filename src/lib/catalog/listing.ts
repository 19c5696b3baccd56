import { annotationOf } from './b2b-gate.ts';
import type { CategoryNode, ListingPage, Product, ProductCard } from '../content/schemas.ts';

/** Products on one category page, and therefore in one KV listing page (DECISIONS.md 9). */
export const CATEGORY_PAGE_SIZE = 24;

export function toProductCard(product: Product): ProductCard {
  const { id, sku, type, name, urlKey, price, specialPrice, finalPrice, minimalPrice, stockStatus, imageUrl, position } =
    product;
  const card: ProductCard = { id, sku, type, name, urlKey, price, specialPrice, finalPrice, minimalPrice, stockStatus, imageUrl, position };
  // The gate decides what the card may show; other modules' blocks stay on the product record.
  const b2bAccess = annotationOf(product);
  return b2bAccess ? { ...card, extensions: { b2bAccess } } : card;
}

/** Every category of a tree, depth first, with the ids of itself and all its descendants. */
export function flattenCategories(tree: CategoryNode[]): Array<{ category: CategoryNode; subtreeIds: number[] }> {
  const result: Array<{ category: CategoryNode; subtreeIds: number[] }> = [];
  const visit = (node: CategoryNode): number[] => {
    const entry = { category: node, subtreeIds: [node.id] };
    result.push(entry);
    for (const child of node.children) entry.subtreeIds.push(...visit(child));
    return entry.subtreeIds;
  };
  tree.forEach(visit);
  return result;
}

const byPosition = (a: Product, b: Product) => a.position - b.position || a.id - b.id;

/**
 * The members of every category in listing order. A category lists the products assigned to it or
 * to any of its descendants (an "anchor" category, as merchants expect: "Women" shows the tops and
 * the dresses), each once, by position. Its listing pages and its facet index (facet-index.ts) are
 * cut from the same list, so a position in one is a position in the other.
 */
export function categoryMembers(tree: CategoryNode[], products: Product[]): Array<{ category: CategoryNode; members: Product[] }> {
  const byCategory = new Map<number, Product[]>();
  for (const product of products) {
    for (const id of new Set(product.categoryIds)) {
      const list = byCategory.get(id) ?? [];
      list.push(product);
      byCategory.set(id, list);
    }
  }
  return flattenCategories(tree).map(({ category, subtreeIds }) => {
    const seen = new Set<number>();
    const members = subtreeIds
      .flatMap((id) => byCategory.get(id) ?? [])
      .filter((product) => !seen.has(product.id) && seen.add(product.id))
      .sort(byPosition);
    return { category, members };
  });
}

/**
 * Groups products into the per-category listing pages of SPEC.md (see categoryMembers). Every
 * category gets at least page 1, possibly empty, so an empty category renders its empty state
 * instead of a 404.
 */
export function buildListingPages(
  tree: CategoryNode[],
  products: Product[],
  pageSize: number = CATEGORY_PAGE_SIZE,
): ListingPage[] {
  const pages: ListingPage[] = [];
  for (const { category, members } of categoryMembers(tree, products)) {
    const totalPages = Math.max(1, Math.ceil(members.length / pageSize));
    for (let page = 1; page <= totalPages; page++) {
      pages.push({
        categoryId: category.id,
        page,
        pageSize,
        totalItems: members.length,
        totalPages,
        products: members.slice((page - 1) * pageSize, page * pageSize).map(toProductCard),
      });
    }
  }
  return pages;
}

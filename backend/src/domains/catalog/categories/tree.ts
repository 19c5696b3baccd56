import type { categories } from '../../../platform/db/schema/index.ts';
import { formatTimestamp } from '../../../platform/time.ts';
import { categoryImageUrl } from '../../media/urls.ts';
import type { CategoryNode } from './schemas.ts';

type CategoryRow = typeof categories.$inferSelect;

export interface Membership {
  categoryId: number;
  productId: number;
}

/**
 * Builds the tree of active categories (an inactive category hides its subtree). productCount counts
 * each product once per node even when it is assigned to the node and to a descendant.
 */
export function buildCategoryTree(rows: CategoryRow[], memberships: Membership[]): CategoryNode[] {
  const productsOf = new Map<number, Set<number>>();
  for (const { categoryId, productId } of memberships) {
    let set = productsOf.get(categoryId);
    if (!set) productsOf.set(categoryId, (set = new Set()));
    set.add(productId);
  }
  const childrenOf = new Map<number | null, CategoryRow[]>();
  for (const row of rows) {
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }

  const build = (row: CategoryRow): { node: CategoryNode; products: Set<number> } => {
    const products = new Set(productsOf.get(row.id));
    const children: CategoryNode[] = [];
    for (const child of sortByPosition(childrenOf.get(row.id) ?? [])) {
      if (!child.isActive) continue;
      const built = build(child);
      children.push(built.node);
      for (const id of built.products) products.add(id);
    }
    const node: CategoryNode = {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      description: row.description,
      urlKey: row.urlKey,
      urlPath: row.urlPath,
      level: row.level,
      position: row.position,
      isActive: row.isActive,
      includeInMenu: row.includeInMenu,
      productCount: products.size,
      imageUrl: row.imageFile ? categoryImageUrl(row.imageFile) : null,
      imageAlt: row.imageAlt,
      children,
      updatedAt: formatTimestamp(row.updatedAt),
    };
    return { node, products };
  };

  return sortByPosition(childrenOf.get(null) ?? [])
    .filter((row) => row.isActive)
    .map((row) => build(row).node);
}

function sortByPosition(rows: CategoryRow[]): CategoryRow[] {
  return [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
}

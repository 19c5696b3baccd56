/** Pure queries over the synced category tree (`{store}:categories`): menu, trails, lookups. */
import type { CategoryNode } from '../content/schemas.ts';

export interface MenuItem {
  id: number;
  name: string;
  href: string;
  children: MenuItem[];
}

const byPosition = (a: CategoryNode, b: CategoryNode) => a.position - b.position || a.id - b.id;

/** Root-relative URL of a category: its urlPath, each segment encoded. */
export function categoryHref(category: Pick<CategoryNode, 'urlPath'>): string {
  return `/${trimSlashes(category.urlPath).split('/').map(encodeURIComponent).join('/')}`;
}

export function trimSlashes(path: string): string {
  let start = 0;
  let end = path.length;
  while (start < end && path[start] === '/') start++;
  while (end > start && path[end - 1] === '/') end--;
  return path.slice(start, end);
}

/** Visible children of a node (or the roots), ordered as the merchant positioned them. */
export function menuChildren(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.filter((node) => node.isActive && node.includeInMenu).sort(byPosition);
}

/** The top categories of the store: active roots shown in the menu. */
export function topCategories(tree: CategoryNode[]): CategoryNode[] {
  return menuChildren(tree);
}

/** The navigation menu: categories with includeInMenu, `depth` levels deep (2 by default). */
export function menuTree(tree: CategoryNode[], depth = 2): MenuItem[] {
  const build = (nodes: CategoryNode[], level: number): MenuItem[] =>
    menuChildren(nodes).map((node) => ({
      id: node.id,
      name: node.name,
      href: categoryHref(node),
      children: level < depth ? build(node.children, level + 1) : [],
    }));
  return build(tree, 1);
}

/** Children of a category for its "shop by subcategory" list: active ones, in position order. */
export function subcategories(category: CategoryNode): CategoryNode[] {
  return category.children.filter((child) => child.isActive).sort(byPosition);
}

/**
 * The trail from a root to the category matching a predicate (depth first), or null.
 * The last element is the matching category; the ones before it are its ancestors.
 */
function findTrail(tree: CategoryNode[], matches: (node: CategoryNode) => boolean): CategoryNode[] | null {
  for (const node of tree) {
    if (matches(node)) return [node];
    const below = findTrail(node.children, matches);
    if (below) return [node, ...below];
  }
  return null;
}

/** The category whose urlPath is `path` (slashes around it ignored), with its ancestors. */
export function categoryTrailByPath(tree: CategoryNode[], path: string): CategoryNode[] | null {
  const wanted = trimSlashes(path);
  if (wanted === '') return null;
  return findTrail(tree, (node) => node.isActive && trimSlashes(node.urlPath) === wanted);
}

/** Like categoryTrailByPath, letters compared without case (`/Women` finds `women`); an exact match wins. */
export function categoryTrailByPathIgnoringCase(tree: CategoryNode[], path: string): CategoryNode[] | null {
  const exact = categoryTrailByPath(tree, path);
  if (exact) return exact;
  const wanted = trimSlashes(path).toLowerCase();
  if (wanted === '') return null;
  return findTrail(tree, (node) => node.isActive && trimSlashes(node.urlPath).toLowerCase() === wanted);
}

/** The category with this id, with its ancestors. */
export function categoryTrailById(tree: CategoryNode[], id: number): CategoryNode[] | null {
  return findTrail(tree, (node) => node.id === id);
}

/**
 * The breadcrumb trail of a product: the deepest of its categories found in the tree (the most
 * specific place it lives), ties broken by the order of `categoryIds`. Empty when none is found.
 */
export function productCategoryTrail(tree: CategoryNode[], categoryIds: number[]): CategoryNode[] {
  let best: CategoryNode[] = [];
  for (const id of categoryIds) {
    const trail = categoryTrailById(tree, id);
    if (trail && trail.every((node) => node.isActive) && trail.length > best.length) best = trail;
  }
  return best;
}

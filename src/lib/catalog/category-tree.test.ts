import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '../content/schemas.ts';
import {
  categoryHref,
  categoryTrailById,
  categoryTrailByPath,
  menuTree,
  productCategoryTrail,
  subcategories,
  topCategories,
} from './category-tree.ts';

function node(id: number, urlPath: string, extra: Partial<CategoryNode> = {}): CategoryNode {
  const segments = urlPath.split('/');
  return {
    id,
    parentId: null,
    name: `Cat ${id}`,
    description: '',
    urlKey: segments.at(-1) ?? urlPath,
    urlPath,
    level: segments.length,
    position: id,
    isActive: true,
    includeInMenu: true,
    productCount: 0,
    imageUrl: null,
    children: [],
    updatedAt: '2026-01-01 00:00:00',
    ...extra,
  };
}

const tree: CategoryNode[] = [
  node(2, 'men', {
    position: 2,
    children: [node(21, 'men/shirts'), node(22, 'men/hidden', { includeInMenu: false })],
  }),
  node(1, 'women', {
    position: 1,
    children: [
      node(12, 'women/dresses', { position: 2 }),
      node(11, 'women/tops', { position: 1, children: [node(111, 'women/tops/tees')] }),
    ],
  }),
  node(3, 'sale', { includeInMenu: false }),
];

describe('menuTree', () => {
  it('keeps includeInMenu categories, ordered by position, two levels deep', () => {
    const menu = menuTree(tree);
    expect(menu.map((item) => item.name)).toEqual(['Cat 1', 'Cat 2']);
    expect(menu[0]?.children.map((item) => item.href)).toEqual(['/women/tops', '/women/dresses']);
    expect(menu[0]?.children[0]?.children).toEqual([]);
    expect(menu[1]?.children.map((item) => item.id)).toEqual([21]);
  });
});

describe('topCategories', () => {
  it('lists menu roots in position order', () => {
    expect(topCategories(tree).map((c) => c.id)).toEqual([1, 2]);
  });
});

describe('subcategories', () => {
  it('lists active children, including those hidden from the menu', () => {
    expect(subcategories(tree[0]!).map((c) => c.id)).toEqual([21, 22]);
  });
});

describe('categoryTrailByPath', () => {
  it('finds a nested category with its ancestors', () => {
    expect(categoryTrailByPath(tree, '/women/tops/tees/')?.map((c) => c.id)).toEqual([1, 11, 111]);
    expect(categoryTrailByPath(tree, 'sale')?.map((c) => c.id)).toEqual([3]);
  });
  it('returns null for unknown or empty paths', () => {
    expect(categoryTrailByPath(tree, '/women/shoes')).toBeNull();
    expect(categoryTrailByPath(tree, '/')).toBeNull();
    expect(categoryTrailByPath(tree, 'tops')).toBeNull();
  });
});

describe('categoryTrailById / productCategoryTrail', () => {
  it('finds by id', () => {
    expect(categoryTrailById(tree, 21)?.map((c) => c.id)).toEqual([2, 21]);
    expect(categoryTrailById(tree, 999)).toBeNull();
  });
  it('picks the deepest known category of a product', () => {
    expect(productCategoryTrail(tree, [1, 111, 21]).map((c) => c.id)).toEqual([1, 11, 111]);
    expect(productCategoryTrail(tree, [999])).toEqual([]);
  });
});

describe('categoryHref', () => {
  it('encodes each segment', () => {
    expect(categoryHref({ urlPath: 'women/tops & tees' })).toBe('/women/tops%20%26%20tees');
  });
});

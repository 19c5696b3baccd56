import { describe, expect, it } from 'vitest';
import type { CategoryNode, Product } from '../content/schemas.ts';
import { gated } from '../agents/test-support.ts';
import { buildListingPages, flattenCategories, toProductCard } from './listing.ts';

const node = (id: number, children: CategoryNode[] = [], parentId: number | null = null): CategoryNode => ({
  id,
  parentId,
  name: `Category ${id}`,
  description: '',
  urlKey: `c${id}`,
  urlPath: `c${id}`,
  level: 1,
  position: id,
  isActive: true,
  includeInMenu: true,
  productCount: 0,
  imageUrl: null,
  children,
  updatedAt: '2026-01-01 00:00:00',
});

const product = (id: number, categoryIds: number[], position = id): Product => ({
  id,
  sku: `SKU-${id}`,
  type: 'simple',
  name: `Product ${id}`,
  urlKey: `product-${id}`,
  price: 10,
  specialPrice: null,
  finalPrice: 10,
  minimalPrice: 10,
  currency: 'USD',
  stockStatus: 'in_stock',
  qty: 1,
  shortDescription: '',
  description: '',
  imageUrl: '/media/x.svg',
  images: [],
  categoryIds,
  relatedSkus: [],
  attributes: {},
  position,
  createdAt: '2026-01-01 00:00:00',
  updatedAt: '2026-01-01 00:00:00',
  extensions: {},
});

// 1 ─┬─ 2 ── 4
//    └─ 3
const tree = [node(1, [node(2, [node(4)], 1), node(3, [], 1)])];

describe('flattenCategories', () => {
  it('lists every node with the ids of its subtree', () => {
    const flat = flattenCategories(tree).map(({ category, subtreeIds }) => [category.id, subtreeIds]);
    expect(flat).toEqual([
      [1, [1, 2, 4, 3]],
      [2, [2, 4]],
      [4, [4]],
      [3, [3]],
    ]);
  });
});

describe('buildListingPages', () => {
  it('lists a product in its categories and all their ancestors, once each', () => {
    const pages = buildListingPages(tree, [product(10, [4]), product(11, [2, 4]), product(12, [3])], 10);
    const idsOf = (categoryId: number) =>
      pages.find((page) => page.categoryId === categoryId)?.products.map((card) => card.id);
    expect(idsOf(1)).toEqual([10, 11, 12]);
    expect(idsOf(2)).toEqual([10, 11]);
    expect(idsOf(4)).toEqual([10, 11]);
    expect(idsOf(3)).toEqual([12]);
  });

  it('splits into pages of the given size, ordered by position, with totals on every page', () => {
    const products = [5, 4, 3, 2, 1].map((position, index) => product(20 + index, [3], position));
    const pages = buildListingPages([node(3)], products, 2);
    expect(pages.map((page) => [page.page, page.products.map((card) => card.position)])).toEqual([
      [1, [1, 2]],
      [2, [3, 4]],
      [3, [5]],
    ]);
    expect(pages.every((page) => page.totalItems === 5 && page.totalPages === 3 && page.pageSize === 2)).toBe(true);
  });

  it('gives an empty category one empty page, and cards only card fields', () => {
    const [empty] = buildListingPages([node(7)], [], 24);
    expect(empty).toMatchObject({ categoryId: 7, page: 1, totalItems: 0, totalPages: 1, products: [] });
    const [page] = buildListingPages([node(3)], [product(1, [3])], 24);
    expect(Object.keys(page.products[0]).sort()).toEqual(
      ['finalPrice', 'id', 'imageUrl', 'minimalPrice', 'name', 'position', 'price', 'sku', 'specialPrice', 'stockStatus', 'type', 'urlKey'].sort(),
    );
  });
});

describe('toProductCard', () => {
  it('keeps the B2B Access block (it decides what the card shows) and drops other modules’ blocks', () => {
    const gate = gated('Trade only');
    const card = toProductCard({ ...product(1, [1]), price: null, specialPrice: null, finalPrice: null, minimalPrice: null, extensions: { ...gate, other: { x: 1 } } });
    expect(card.extensions).toEqual(gate);
    expect([card.price, card.finalPrice, card.minimalPrice]).toEqual([null, null, null]);
    expect(toProductCard(product(2, [1]))).not.toHaveProperty('extensions');
  });
});

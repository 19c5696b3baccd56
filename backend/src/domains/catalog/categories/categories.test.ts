import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CategoryNode, categoryNodeSchema } from '../../../../../contracts/category.ts';
import { listOf, pageOf } from '../../../../../contracts/collections.ts';
import { productListingSchema } from '../../../../../contracts/product.ts';
import { exactly } from '../../../../test/helpers/contract.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

function flatten(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

describe.each(dialects)('category tree (%s)', (dialect) => {
  let shop: TestShop;
  let tree: CategoryNode[];
  beforeAll(async () => {
    shop = await openTestShop(dialect);
    const { status, body } = await shop.get('/api/rest/v2/categories');
    expect(status).toBe(200);
    tree = exactly(listOf(categoryNodeSchema), body).member;
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('has only top-level nodes in member, three levels deep, children nested', () => {
    expect(tree.length).toBeGreaterThanOrEqual(4);
    for (const top of tree) expect(top).toMatchObject({ parentId: null, level: 1 });
    const all = flatten(tree);
    expect(all.length).toBeGreaterThanOrEqual(18);
    expect(Math.max(...all.map((c) => c.level))).toBe(3);
    for (const node of all) {
      for (const child of node.children) {
        expect(child.parentId).toBe(node.id);
        expect(child.level).toBe(node.level + 1);
        expect(child.urlPath).toBe(`${node.urlPath}/${child.urlKey}`);
      }
      expect(node.children.map((c) => c.position)).toEqual([...node.children.map((c) => c.position)].sort((a, b) => a - b));
    }
    expect(new Set(all.map((c) => c.urlPath)).size).toBe(all.length);
  });

  it('shows only active categories, including some kept out of the menu', () => {
    const all = flatten(tree);
    expect(all.every((c) => c.isActive)).toBe(true);
    expect(all.find((c) => c.urlKey === 'winter-archive')).toBeUndefined();
    expect(all.filter((c) => !c.includeInMenu).map((c) => c.urlPath)).toEqual(expect.arrayContaining(['staff-picks', 'home/services']));
  });

  it('has HTML descriptions and image URLs that the media route serves', async () => {
    const women = tree.find((c) => c.urlKey === 'women');
    expect(women?.description).toMatch(/^<p>.+<\/p>/);
    expect(women?.imageUrl).toBe('/media/catalog/category/women.svg');
    const image = await shop.app.request(women?.imageUrl ?? '');
    expect(image.status).toBe(200);
  });

  it('counts products in a category and its descendants once each', async () => {
    const all = flatten(tree);
    for (const category of all.filter((c) => c.level <= 2).slice(0, 6)) {
      const { body } = await shop.get(`/api/rest/v2/products?categoryId=${category.id}&itemsPerPage=100`);
      // The generator assigns products to every ancestor explicitly, so the listing equals the subtree.
      expect(exactly(pageOf(productListingSchema), body).totalItems, category.urlPath).toBe(category.productCount);
    }
    const top = tree.reduce((sum, c) => sum + c.productCount, 0);
    expect(top).toBeGreaterThan(0);
  });
});

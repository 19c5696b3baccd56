import { describe, expect, it } from 'vitest';
import type { CategoryNode, ListingPage, Product, ProductCard } from '../content/schemas.ts';
import { correctedListings } from './listing-cards.ts';

const card = (id: number, price: number): ProductCard => ({
  id,
  sku: `SKU-${id}`,
  type: 'simple',
  name: `Product ${id}`,
  urlKey: `product-${id}`,
  price,
  specialPrice: null,
  finalPrice: price,
  minimalPrice: price,
  stockStatus: 'in_stock',
  imageUrl: `/media/${id}.svg`,
  position: id,
});
const node = (id: number, urlPath: string, children: CategoryNode[] = []) => ({ id, urlPath, children }) as unknown as CategoryNode;
// Women (1) > Tops (2); Sale (3) elsewhere. Product 7 is in Tops, on page 2 of Women and page 1 of Tops.
const tree = [node(1, 'women', [node(2, 'women/tops')]), node(3, 'sale')];
const page = (categoryId: number, number: number, totalPages: number, products: ProductCard[]): ListingPage => ({
  categoryId,
  page: number,
  pageSize: 2,
  totalItems: totalPages * 2,
  totalPages,
  products,
});
const pages = new Map<string, ListingPage>([
  ['1:1', page(1, 1, 2, [card(1, 10), card(2, 20)])],
  ['1:2', page(1, 2, 2, [card(7, 70), card(8, 80)])],
  ['2:1', page(2, 1, 1, [card(7, 70)])],
  ['3:1', page(3, 1, 1, [card(9, 90)])],
]);
const content = {
  store: 'default',
  categories: async () => tree,
  listingPage: async (categoryId: number, number: number) => pages.get(`${categoryId}:${number}`) ?? null,
};
const product = (price: number) => ({ ...card(7, price), categoryIds: [2], updatedAt: '2026-11-27 10:00:00' }) as unknown as Product;

describe('listing cards of a changed product', () => {
  it('gives the fresh card to every listing page that shows the product, and only to it', async () => {
    const corrected = await correctedListings(content, { id: 7, categoryIds: [2] }, product(55));
    expect(corrected.map(({ key, path }) => [key, path])).toEqual([
      ['default:products:category:1:page:2', '/women?page=2'],
      ['default:products:category:2:page:1', '/women/tops'],
    ]);
    expect(corrected[0]!.page.products).toEqual([{ ...card(7, 55) }, card(8, 80)]);
  });

  it('changes nothing when the card shows the same', async () => {
    expect(await correctedListings(content, { id: 7, categoryIds: [2] }, product(70))).toEqual([]);
  });
});

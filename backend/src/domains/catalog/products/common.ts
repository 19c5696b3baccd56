import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { productCategories, productImages, productLinks, products } from '../../../platform/db/schema/index.ts';
import { groupBy } from '../../../platform/collections.ts';
import { productImageUrl } from '../../media/urls.ts';
import { visibleProducts } from '../visibility.ts';

export interface ProductImage {
  url: string;
  label: string;
  position: number;
}

/** Shown when a product has no image of its own; the media route draws it. */
export const placeholderImageUrl = productImageUrl('placeholder.svg');

export async function loadImages(db: Db, productIds: number[]): Promise<Map<number, ProductImage[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
  const byProduct = groupBy(rows, (r) => r.productId);
  return new Map(
    [...byProduct].map(([id, images]) => [id, images.map((i) => ({ url: productImageUrl(i.file), label: i.label, position: i.position }))]),
  );
}

export function mainImageUrl(images: ProductImage[] | undefined): string {
  return images?.[0]?.url ?? placeholderImageUrl;
}

export async function loadCategoryIds(db: Db, productIds: number[]): Promise<Map<number, number[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(inArray(productCategories.productId, productIds))
    .orderBy(asc(productCategories.productId), asc(productCategories.categoryId));
  return new Map([...groupBy(rows, (r) => r.productId)].map(([id, list]) => [id, list.map((r) => r.categoryId)]));
}

/** SKUs of enabled related products, in link order, without those hidden from the caller. */
export async function loadRelatedSkus(db: Db, productIds: number[], hidden?: ReadonlySet<number>): Promise<Map<number, string[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productLinks.productId, sku: products.sku })
    .from(productLinks)
    .innerJoin(products, eq(products.id, productLinks.linkedProductId))
    .where(
      and(inArray(productLinks.productId, productIds), eq(productLinks.linkType, 'related'), eq(products.isEnabled, true), visibleProducts(hidden)),
    )
    .orderBy(asc(productLinks.productId), asc(productLinks.position));
  return new Map([...groupBy(rows, (r) => r.productId)].map(([id, list]) => [id, list.map((r) => r.sku)]));
}

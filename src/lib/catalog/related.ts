/**
 * Related products for a product page. KV is keyed by URL key, not SKU, so `relatedSkus` cannot be
 * looked up directly; the first listing page of the product's own category (one KV read) is the
 * candidate pool: the merchant's related SKUs found there come first, then other products of the
 * category, so the section is never empty where the category has more to show.
 */
import type { ContentStore } from '../content/content-store.ts';
import type { Product, ProductCard } from '../content/schemas.ts';

export const RELATED_COUNT = 4;

export function pickRelated(product: Pick<Product, 'sku' | 'relatedSkus'>, pool: ProductCard[], limit = RELATED_COUNT): ProductCard[] {
  const others = pool.filter((card) => card.sku !== product.sku);
  const wanted = new Set(product.relatedSkus);
  const named = others.filter((card) => wanted.has(card.sku));
  const rest = others.filter((card) => !wanted.has(card.sku));
  return [...named, ...rest].slice(0, limit);
}

export async function loadRelated(
  content: Pick<ContentStore, 'listingPage'>,
  product: Pick<Product, 'sku' | 'relatedSkus'>,
  categoryId: number | undefined,
): Promise<ProductCard[]> {
  if (categoryId === undefined) return [];
  const page = await content.listingPage(categoryId, 1);
  return pickRelated(product, page?.products ?? []);
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { productPrices, products } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { visibleProducts } from '../catalog/visibility.ts';
import { productType, type ChoiceField } from '../catalog/product-types/registry.ts';
import type { AddItemInput } from './schemas.ts';
import type { Addition } from './sellable-types.ts';

/** Every request field that carries a choice, in the order a stray one is reported; a type's own is its definition's. */
const choiceFields: ChoiceField[] = ['options', 'bundleOptions', 'links', 'giftcard', 'groupedQuantities'];

/** The one answer for a SKU the caller cannot buy because, for them, it does not exist (unknown or hidden: DECISIONS.md 47). */
export function productNotFound(sku: string): AppError {
  return new AppError('not_found', 'product_not_found', `No product with SKU "${sku}" is sold in this store.`);
}

/**
 * What an add-to-cart request buys, validated against the catalog before anything is written: the
 * product itself; the variant of a configurable; a bundle with its selections; a downloadable with
 * its links; a gift card with its amount and people; the members of a grouped product. Products
 * hidden from the caller (`hidden`, catalog.visibility) are treated as absent at every level, so
 * the answer for a hidden SKU, variant, member or selection is the one for an unknown one.
 */
export async function resolveAdditions(db: Db, storeId: number, input: AddItemInput, hidden: ReadonlySet<number>): Promise<Addition[]> {
  const visible = visibleProducts(hidden);
  const [product] = await db
    .select({ id: products.id, type: products.type, sku: products.sku })
    .from(products)
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
    .where(and(eq(products.sku, input.sku), eq(products.isEnabled, true), visible));
  if (!product) throw productNotFound(input.sku);
  const { cartChoice } = productType(product.type);
  // A choice for another type is a client mistake worth saying, not something to ignore.
  const stray = choiceFields.find((field) => field !== cartChoice.field && input[field] !== undefined);
  if (stray) throw new AppError('invalid', 'choice_not_applicable', `${stray} does not apply to ${product.type} products.`, { field: stray });
  return cartChoice.choose(db, storeId, product, input, visible);
}

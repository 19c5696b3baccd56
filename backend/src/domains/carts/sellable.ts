import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { productPrices, products } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { visibleProducts } from '../catalog/visibility.ts';
import { productType, type ChoiceField } from '../catalog/product-types/registry.ts';
import type { AddItemInput } from './schemas.ts';
import type { Addition, Resolution } from './sellable-types.ts';
import { asPickedFromParents } from './variant-parents.ts';

/** Every request field that carries a choice, in the order a stray one is reported; a type's own is its definition's. */
const choiceFields: ChoiceField[] = ['options', 'bundleOptions', 'links', 'giftcard', 'groupedQuantities'];

/** The one answer for a SKU the caller cannot buy because, for them, it does not exist (unknown or hidden: DECISIONS.md 47). */
export function productNotFound(sku: string): AppError {
  return new AppError('not_found', 'product_not_found', `No product with SKU "${sku}" is sold in this store.`);
}

/**
 * What add-to-cart requests buy, validated against the catalog before anything is written: the
 * product itself; the variant of a configurable; a bundle with its selections; a downloadable with
 * its links; a gift card with its amount and people; the members of a grouped product. Products
 * hidden from the caller (`hidden`, catalog.visibility) are treated as absent at every level, so
 * the answer for a hidden SKU, variant, member or selection is the one for an unknown one.
 *
 * One query finds every request's product, however many (quick order sends up to 1,000); only the
 * types with a choice query further, per line. A refusal is that line's answer, not the batch's.
 */
export async function resolveMany(db: Db, storeId: number, inputs: readonly AddItemInput[], hidden: ReadonlySet<number>): Promise<Resolution[]> {
  if (inputs.length === 0) return [];
  const visible = visibleProducts(hidden);
  const skus = [...new Set(inputs.map((input) => input.sku))];
  const found = await db
    .select({ id: products.id, type: products.type, sku: products.sku })
    .from(products)
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
    .where(and(inArray(products.sku, skus), eq(products.isEnabled, true), visible));
  const bySku = new Map(found.map((product) => [product.sku, product]));
  const resolved: Resolution[] = [];
  for (const input of inputs) {
    const product = bySku.get(input.sku);
    try {
      if (!product) throw productNotFound(input.sku);
      const { cartChoice } = productType(product.type);
      // A choice for another type is a client mistake worth saying, not something to ignore.
      const stray = choiceFields.find((field) => field !== cartChoice.field && input[field] !== undefined);
      if (stray) throw new AppError('invalid', 'choice_not_applicable', `${stray} does not apply to ${product.type} products.`, { field: stray });
      resolved.push(await cartChoice.choose(db, storeId, product, input, visible));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      resolved.push(error);
    }
  }
  return asPickedFromParents(db, storeId, resolved, visible);
}

/** One add-to-cart request's lines, or its refusal thrown (`POST /cart/items`). */
export async function resolveAdditions(db: Db, storeId: number, input: AddItemInput, hidden: ReadonlySet<number>): Promise<Addition[]> {
  const [resolution] = await resolveMany(db, storeId, [input], hidden);
  if (resolution instanceof AppError) throw resolution;
  return resolution!;
}

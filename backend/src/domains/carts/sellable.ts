import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { productPrices, products, type ProductType } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { visibleProducts } from '../catalog/visibility.ts';
import { productType, type ChoiceField } from '../catalog/product-types/registry.ts';
import type { LineConfiguration } from './configuration.ts';
import type { AddItemInput } from './schemas.ts';

/** What a cart line holds: the product sold and what was chosen for it. */
export interface Sellable {
  productId: number;
  /** The configurable or grouped product it was picked from. */
  parentId: number | null;
  sku: string;
  /** Chosen configurable options, attribute code → value index. */
  options: Record<string, number>;
  configuration: LineConfiguration | null;
}

/** One line to add: a sellable and how many. */
export interface Addition {
  sellable: Sellable;
  qty: number;
}

export interface ChosenProduct {
  id: number;
  sku: string;
  type: ProductType;
}

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

/** The product itself as the one line, with what was chosen for it. */
export function ownLine(product: ChosenProduct, input: AddItemInput, configuration: LineConfiguration | null): Addition[] {
  return [{ sellable: { productId: product.id, parentId: null, sku: product.sku, options: {}, configuration }, qty: input.qty }];
}

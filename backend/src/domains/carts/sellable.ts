import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { productPrices, products, type ProductType } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { visibleProducts } from '../catalog/visibility.ts';
import { chooseBundle } from './bundle-choice.ts';
import type { LineConfiguration } from './configuration.ts';
import { chooseLinks } from './download-choice.ts';
import { chooseGiftcard } from './giftcard-choice.ts';
import { chooseGroupedMembers } from './grouped-choice.ts';
import type { AddItemInput } from './schemas.ts';
import type { Addition } from './sellable-types.ts';
import { chooseVariant } from './variant-choice.ts';

type ChoiceField = 'options' | 'bundleOptions' | 'links' | 'giftcard' | 'groupedQuantities';

/** The request field that carries the choice for each type; a type without one takes none. */
const choiceFieldOf: Partial<Record<ProductType, ChoiceField>> = {
  configurable: 'options',
  bundle: 'bundleOptions',
  downloadable: 'links',
  giftcard: 'giftcard',
  grouped: 'groupedQuantities',
};
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
  // A choice for another type is a client mistake worth saying, not something to ignore.
  const stray = choiceFields.find((field) => field !== choiceFieldOf[product.type] && input[field] !== undefined);
  if (stray) throw new AppError('invalid', 'choice_not_applicable', `${stray} does not apply to ${product.type} products.`, { field: stray });

  const own = (configuration: LineConfiguration | null): Addition[] => [
    { sellable: { productId: product.id, parentId: null, sku: product.sku, options: {}, configuration }, qty: input.qty },
  ];
  switch (product.type) {
    case 'simple':
    case 'virtual':
      return own(null);
    case 'configurable':
      return [{ sellable: await chooseVariant(db, storeId, product, input.options, visible), qty: input.qty }];
    case 'bundle':
      return own(await chooseBundle(db, storeId, product, input.bundleOptions, visible));
    case 'downloadable':
      return own(await chooseLinks(db, storeId, product, input.links));
    case 'giftcard':
      return own(await chooseGiftcard(db, storeId, product, input.giftcard));
    case 'grouped':
      return chooseGroupedMembers(db, storeId, product, input.groupedQuantities, input.qty, visible);
  }
}

import type { LineConfiguration } from './configuration.ts';
import type { AddItemInput } from './schemas.ts';
import type { Addition, ChosenProduct } from './sellable-types.ts';

/** The product itself as the one line, with what was chosen for it (the simple types' cart choice). */
export function ownLine(product: ChosenProduct, input: AddItemInput, configuration: LineConfiguration | null): Addition[] {
  return [{ sellable: { productId: product.id, parentId: null, sku: product.sku, options: {}, configuration }, qty: input.qty }];
}

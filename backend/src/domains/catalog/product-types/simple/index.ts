/** A simple product: priced and stocked by itself, sold as it is. */
import type { ProductTypeDefinition } from '../registry.ts';
import { createSelfPriced, reindexSelfPriced } from '../self-priced.ts';
import { selfPricedFields, selfPricedInput } from '../new-product-fields.ts';
import { ownLine } from '../../../carts/own-line.ts';

export const simple: ProductTypeDefinition = {
  code: 'simple',
  pricedBy: 'self',
  stockedBy: 'self',
  parts: [],
  create: createSelfPriced,
  reindex: reindexSelfPriced,
  adminNew: { label: 'Simple', hint: 'A product shipped as it is: priced and stocked by itself.', fields: selfPricedFields, input: selfPricedInput },
  cartChoice: { choose: async (_db, _storeId, product, input) => ownLine(product, input, null) },
};

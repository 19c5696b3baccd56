/** A simple product: priced and stocked by itself, sold as it is. */
import type { ProductTypeDefinition } from '../registry.ts';
import { createSelfPriced, reindexSelfPriced } from '../self-priced.ts';
import { ownLine } from '../../../carts/own-line.ts';

export const simple: ProductTypeDefinition = {
  code: 'simple',
  pricedBy: 'self',
  stockedBy: 'self',
  parts: [],
  create: createSelfPriced,
  reindex: reindexSelfPriced,
  cartChoice: { choose: async (_db, _storeId, product, input) => ownLine(product, input, null) },
};

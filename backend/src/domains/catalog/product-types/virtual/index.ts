/** A virtual product: priced and stocked by itself like a simple one, with nothing to ship. */
import type { ProductTypeDefinition } from '../registry.ts';
import { createSelfPriced, reindexSelfPriced } from '../self-priced.ts';
import { ownLine } from '../../../carts/own-line.ts';

export const virtual: ProductTypeDefinition = {
  code: 'virtual',
  pricedBy: 'self',
  stockedBy: 'self',
  parts: [],
  create: createSelfPriced,
  reindex: reindexSelfPriced,
  cartChoice: { choose: async (_db, _storeId, product, input) => ownLine(product, input, null) },
};

/** A bundle: its options offer selections (options.ts); priced and stocked by the cheapest complete choice. */
import type { ProductTypeDefinition } from '../registry.ts';
import { bundleNew } from './admin-new.ts';
import { ownLine } from '../../../carts/own-line.ts';
import type { Typed } from '../../products/admin/content-form.ts';
import { loadBundleOptions, writeBundleOptions } from './options.ts';
import { reindexBundles } from './price.ts';
import { loadBundleChildren } from './detail.ts';
import { chooseBundle } from './cart-choice.ts';
import { bundleSection, saveBundle, savedBundle } from './admin-form.ts';

export const bundle: ProductTypeDefinition = {
  code: 'bundle',
  pricedBy: 'children',
  stockedBy: 'children',
  priceSource: { api: 'selections', page: 'the products it sells' },
  parts: ['bundleOptions'],
  patchPart: { key: 'bundleOptions', refusal: (type) => `A ${type} product has no bundle options.`, write: writeBundleOptions },
  create: async (db, product, input, writePrices) => {
    // The price rows exist for the index to fill from the selections (writeBundleOptions reindexes).
    await writePrices({ ...input, price: 0, specialPrice: null }, {});
    await writeBundleOptions(db, product.id, input.bundleOptions!);
  },
  reindex: reindexBundles,
  detail: loadBundleChildren,
  adminParts: async (db, ids) => new Map([...(await loadBundleOptions(db, ids))].map(([id, options]) => [id, { bundleOptions: options }])),
  adminNew: bundleNew,
  cartChoice: { field: 'bundleOptions', choose: async (db, storeId, product, input, visible) => ownLine(product, input, await chooseBundle(db, storeId, product, input.bundleOptions, visible)) },
  adminSection: (c, { product }, refused) => bundleSection(c, product.id, refused.bundle ?? savedBundle(product)),
  adminPosts: {
    'bundle-options': {
      anchor: 'bundle-options',
      save: async (c, { product }) => {
        const bundle = await saveBundle(c, product, (await c.req.parseBody({ all: true })) as Typed);
        return bundle && { bundle };
      },
    },
  },
};

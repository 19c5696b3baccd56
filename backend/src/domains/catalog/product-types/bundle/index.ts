/** A bundle: its options offer selections (options.ts); priced and stocked by the cheapest complete choice. */
import type { ProductTypeDefinition } from '../registry.ts';
import { ownLine } from '../../../carts/own-line.ts';
import { getAdminProduct } from '../../products/service.ts';
import { loadBundleOptions, writeBundleOptions } from './options.ts';
import { reindexBundles } from './price.ts';
import { loadBundleChildren } from './detail.ts';
import { chooseBundle } from './cart-choice.ts';
import { bundlePatch, bundleRefusal, bundleSection, savedBundle } from './admin-form.ts';

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
  cartChoice: { field: 'bundleOptions', choose: async (db, storeId, product, input, visible) => ownLine(product, input, await chooseBundle(db, storeId, product, input.bundleOptions, visible)) },
  adminFields: {
    render: async (c, { product }, refused) => bundleSection(refused.bundle ?? savedBundle(await getAdminProduct(c.var.db, product.id))),
    read: async (db, saved, typed) => {
      if (!Object.keys(typed).some((name) => name.startsWith('bundle.'))) return { patch: {}, refuse: () => ({}) };
      const read = await bundlePatch(db, saved, typed);
      if ('refused' in read) return { refused: { bundle: read.refused } };
      const bundle = read.bundle ?? { options: [], blocks: [], skus: [] };
      return { patch: read.patch, refuse: (fields, message) => ({ bundle: bundleRefusal(typed, bundle, fields, message) }) };
    },
  },
};

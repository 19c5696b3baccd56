/** A gift card: priced by its amounts (settings.ts), stocked by itself (its cards). */
import type { ProductTypeDefinition } from '../registry.ts';
import { adminStoreViews } from '../../../../platform/admin/store-views.ts';
import { ownLine } from '../../../carts/own-line.ts';
import { loadGiftcards, writeGiftcard } from './settings.ts';
import { reindexGiftcards } from './price.ts';
import { loadGiftcardChildren } from './detail.ts';
import { chooseGiftcard } from './cart-choice.ts';
import { giftcardForm, giftcardPatch, giftcardRefusal, savedGiftcard } from './admin-form.ts';

export const giftcard: ProductTypeDefinition = {
  code: 'giftcard',
  pricedBy: 'amounts',
  stockedBy: 'self',
  priceSource: { api: 'amounts', page: 'its amounts' },
  parts: ['giftcard'],
  patchPart: { key: 'giftcard', refusal: (type) => `A ${type} product is not a gift card.`, write: writeGiftcard },
  create: async (db, product, input, writePrices) => {
    await writePrices({ ...input, price: Math.min(...input.giftcard!.amounts), specialPrice: null }, {});
    await writeGiftcard(db, product.id, input.giftcard!);
  },
  reindex: reindexGiftcards,
  detail: loadGiftcardChildren,
  adminParts: async (db, ids) => new Map([...(await loadGiftcards(db, ids))].map(([id, settings]) => [id, { giftcard: settings }])),
  cartChoice: { field: 'giftcard', choose: async (db, storeId, product, input) => ownLine(product, input, await chooseGiftcard(db, storeId, product, input.giftcard)) },
  adminFields: {
    render: async (c, { product }, refused) => {
      const views = await adminStoreViews(c.var.db);
      return giftcardForm(refused.giftcard ?? (await savedGiftcard(c, product.id)), views);
    },
    read: async (_db, saved, typed) => ({
      // Not sent (a post of other fields only): left as it is.
      patch: typed['giftcard.giftcardType'] === undefined ? {} : giftcardPatch(saved, typed).patch,
      refuse: (fields, message) => ({ giftcard: giftcardRefusal(typed, '', Object.fromEntries(Object.entries(fields).filter(([name]) => name.startsWith('giftcard'))), message) }),
    }),
  },
};

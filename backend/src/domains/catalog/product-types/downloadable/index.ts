/** A downloadable product: priced and stocked by itself; its links are bought with it (links.ts). */
import type { ProductTypeDefinition } from '../registry.ts';
import { createSelfPriced, reindexSelfPriced } from '../self-priced.ts';
import { ownLine } from '../../../carts/own-line.ts';
import { loadDownloadableParts, replaceDownloadableLinks, writeDownloadableLinks } from './links.ts';
import { loadDownloadableChildren } from './detail.ts';
import { chooseLinks } from './cart-choice.ts';
import { linksForm, linksPatch, linksRefusal, savedLinks } from './admin-form.ts';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));


export const downloadable: ProductTypeDefinition = {
  code: 'downloadable',
  pricedBy: 'self',
  stockedBy: 'self',
  parts: ['downloadableLinks'],
  patchPart: { key: 'downloadableLinks', refusal: (type) => `A ${type} product has no download links.`, write: replaceDownloadableLinks },
  create: async (db, product, input, writePrices) => {
    await createSelfPriced(db, product, input, writePrices);
    await writeDownloadableLinks(db, product.id, input.downloadableLinks!);
  },
  reindex: reindexSelfPriced,
  detail: loadDownloadableChildren,
  adminParts: loadDownloadableParts,
  cartChoice: { field: 'links', choose: async (db, storeId, product, input) => ownLine(product, input, await chooseLinks(db, storeId, product, input.links)) },
  adminFields: {
    render: async (c, { product }, refused) => linksForm(refused.links ?? (await savedLinks(c, product.id))),
    read: async (_db, saved, typed) => {
      if (typed.links === undefined) return { patch: {}, refuse: () => ({}) };
      const text = first(typed.links);
      const read = linksPatch(saved, text);
      if ('refused' in read) return { refused: { links: read.refused } };
      return { patch: read.patch, refuse: (fields, message) => ({ links: linksRefusal(text, '', Object.fromEntries(Object.entries(fields).filter(([name]) => name.startsWith('downloadableLinks'))), message) }) };
    },
  },
};

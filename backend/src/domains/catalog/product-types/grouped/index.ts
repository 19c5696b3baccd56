/** A grouped product: sells its members (members.ts) as their own lines; priced and stocked by them. */
import type { ProductTypeDefinition } from '../registry.ts';
import { productEtag, getAdminProduct } from '../../products/service.ts';
import { loadGroupedMembers, writeGroupedMembers } from './members.ts';
import { reindexGrouped } from './price.ts';
import { loadGroupedChildren } from './detail.ts';
import { chooseGroupedMembers } from './cart-choice.ts';
import { membersForm, membersPatch, membersText } from './admin-form.ts';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));


export const grouped: ProductTypeDefinition = {
  code: 'grouped',
  pricedBy: 'children',
  stockedBy: 'children',
  priceSource: { api: 'members', page: 'the products it sells' },
  parts: ['linkedProducts'],
  patchPart: { key: 'linkedProducts', refusal: (type) => `A ${type} product has no members.`, write: writeGroupedMembers },
  create: async (db, product, input, writePrices) => {
    await writePrices({ ...input, price: 0, specialPrice: null }, {});
    await writeGroupedMembers(db, product.id, input.linkedProducts!);
  },
  reindex: reindexGrouped,
  detail: loadGroupedChildren,
  adminParts: loadGroupedMembers,
  cartChoice: { field: 'groupedQuantities', choose: (db, storeId, product, input, visible) => chooseGroupedMembers(db, storeId, product, input.groupedQuantities, input.qty, visible) },
  adminFields: {
    render: async (c, { product }, refused) => {
      const saved = await getAdminProduct(c.var.db, product.id);
      return membersForm(refused.members ?? { typed: membersText(saved.linkedProducts ?? []), etag: productEtag(saved) });
    },
    read: async (db, saved, typed) => {
      if (typed.members === undefined) return { patch: {}, refuse: () => ({}) };
      const text = first(typed.members);
      const read = await membersPatch(db, saved, text);
      if ('refused' in read) return { refused: { members: read.refused } };
      return { patch: read.patch, refuse: (_fields, message) => ({ members: { typed: text, etag: '', error: message } }) };
    },
  },
};

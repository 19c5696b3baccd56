/** A grouped product: sells its members (members.ts) as their own lines; priced and stocked by them. */
import type { ProductTypeDefinition } from '../registry.ts';
import { groupedNew } from './admin-new.ts';
import { productEtag } from '../../products/service.ts';
import { formFields } from '../../../../platform/admin/page.ts';
import { loadGroupedMembers, writeGroupedMembers } from './members.ts';
import { reindexGrouped } from './price.ts';
import { loadGroupedChildren } from './detail.ts';
import { chooseGroupedMembers } from './cart-choice.ts';
import { membersForm, membersText, saveMembers } from './admin-form.ts';

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
  adminNew: groupedNew,
  cartChoice: { field: 'groupedQuantities', choose: (db, storeId, product, input, visible) => chooseGroupedMembers(db, storeId, product, input.groupedQuantities, input.qty, visible) },
  adminSection: (c, { product }, refused) => membersForm(c, product.id, refused.members ?? { typed: membersText(product.linkedProducts ?? []), etag: productEtag(product) }),
  adminPosts: {
    members: {
      anchor: 'members',
      save: async (c, { product }) => {
        const fields = await formFields(c);
        const members = await saveMembers(c, product.id, fields.members ?? '', fields._etag ?? '');
        return members && { members };
      },
    },
  },
};

/**
 * A configurable product: sells the variant its attributes pick (variants.ts, attributes.ts); its
 * price is its cheapest variant's and its stock their sum (price.ts).
 */
import { html } from 'hono/html';
import type { ProductTypeDefinition } from '../registry.ts';
import { getAdminProduct } from '../../products/service.ts';
import { reindexPrices } from '../../products/price-index.ts';
import { createVariants, variantIdsOf, variantIssues } from './variants.ts';
import { reindexConfigurables } from './price.ts';
import { loadConfigurableChildren } from './detail.ts';
import { loadAvailableOptions } from './available-options.ts';
import { loadConfigurableParts } from './parts.ts';
import { chooseVariant } from './cart-choice.ts';
import { addVariantForm, removeVariantForms } from './admin-variant-form.ts';
import { attributesSection } from './admin-attributes-form.ts';
import { adminStoreViews } from '../../../../platform/admin/store-views.ts';

export const configurable: ProductTypeDefinition = {
  code: 'configurable',
  pricedBy: 'children',
  stockedBy: 'children',
  priceSource: { api: 'variants', page: 'its variants' },
  parts: ['configurableAttributes', 'variants'],
  validate: (input, problem) => {
    if (!input.variants) return;
    for (const issue of variantIssues(input.configurableAttributes ?? [], input.variants, input.sku)) problem(['variants', ...issue.path], issue.message);
  },
  create: async (db, product, input, writePrices) => {
    // The parent's price rows exist for the index to fill from its variants (reindexed below).
    await writePrices({ ...input, price: input.variants![0]!.price, specialPrice: null }, {});
    const variantIds = await createVariants(db, product, input.configurableAttributes!, input.variants!);
    await reindexPrices(db, [product.id, ...variantIds]);
  },
  ownedProducts: variantIdsOf,
  reindex: reindexConfigurables,
  detail: loadConfigurableChildren,
  availableOptions: loadAvailableOptions,
  adminParts: loadConfigurableParts,
  cartChoice: { field: 'options', choose: async (db, storeId, product, input, visible) => [{ sellable: await chooseVariant(db, storeId, product, input.options, visible), qty: input.qty }] },
  adminSection: async (c, edit, refused) => {
    const { product } = edit;
    const admin = await getAdminProduct(c.var.db, product.id);
    return html`${removeVariantForms(c, product.id, edit.variants)}${addVariantForm(c, product.id, admin.configurableAttributes ?? [], await adminStoreViews(c.var.db), refused.variant)}${attributesSection(c, admin, refused.attributes)}`;
  },
};

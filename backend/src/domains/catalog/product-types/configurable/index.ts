/**
 * A configurable product: sells the variant its attributes pick (variants.ts, attributes.ts); its
 * price is its cheapest variant's and its stock their sum (price.ts).
 */
import { html } from 'hono/html';
import type { ProductTypeDefinition } from '../registry.ts';
import { configurableNew } from './admin-new.ts';
import { formFields } from '../../../../platform/admin/page.ts';
import { reindexPrices } from '../../products/price-index.ts';
import { createVariants, variantIdsOf, variantIssues } from './variants.ts';
import { reindexConfigurables } from './price.ts';
import { loadConfigurableChildren } from './detail.ts';
import { loadAvailableOptions } from './available-options.ts';
import { loadConfigurableParts } from './parts.ts';
import { chooseVariant } from './cart-choice.ts';
import { addVariantForm, removeVariantForms, saveNewVariant } from './admin-variant-form.ts';
import { attributesSection, saveAttributesFromPage } from './admin-attributes-form.ts';

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
  adminNew: configurableNew,
  cartChoice: { field: 'options', choose: async (db, storeId, product, input, visible) => [{ sellable: await chooseVariant(db, storeId, product, input.options, visible), qty: input.qty }] },
  adminSection: (c, { product, variants }, refused) =>
    html`${removeVariantForms(c, product.id, variants)}${addVariantForm(c, product.id, product.configurableAttributes ?? [], refused.variant)}${attributesSection(c, product, refused.attributes)}`,
  adminPosts: {
    variants: {
      anchor: 'add-variant',
      save: async (c, { product }) => {
        const variant = await saveNewVariant(c, product.id, product.configurableAttributes ?? [], await formFields(c));
        return variant && { variant };
      },
    },
    attributes: {
      anchor: 'attributes',
      save: async (c, { product }) => {
        const attributes = await saveAttributesFromPage(c, product.id, await formFields(c));
        return attributes && { attributes };
      },
    },
  },
};

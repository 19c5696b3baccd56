/**
 * Configurables' parts as the admin API's record shows them: their attributes, in order, and their
 * variants (each with its own SKU, name, default-view price and special price with its days, stock,
 * status and attribute values by label).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { configurableOptions, configurableOptionValues, productLinks, productPrices, products, stores, variantOptionValues } from '../../../../platform/db/schema/index.ts';
import type { AdminComposition } from '../../products/composition.ts';

export async function loadConfigurableParts(db: Db, ids: number[]): Promise<Map<number, AdminComposition>> {
  const [options, links] = await Promise.all([
    db.select().from(configurableOptions).where(inArray(configurableOptions.productId, ids)).orderBy(asc(configurableOptions.position), asc(configurableOptions.id)),
    db
      .select({ parentId: productLinks.productId, child: products })
      .from(productLinks)
      .innerJoin(products, eq(products.id, productLinks.linkedProductId))
      .where(and(inArray(productLinks.productId, ids), eq(productLinks.linkType, 'variant')))
      .orderBy(asc(productLinks.position), asc(productLinks.linkedProductId)),
  ]);
  const variantIds = links.map((link) => link.child.id);
  const [values, prices] =
    variantIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ variantId: variantOptionValues.variantId, optionId: variantOptionValues.optionId, label: configurableOptionValues.label })
            .from(variantOptionValues)
            .innerJoin(
              configurableOptionValues,
              and(eq(configurableOptionValues.optionId, variantOptionValues.optionId), eq(configurableOptionValues.valueIndex, variantOptionValues.valueIndex)),
            )
            .where(inArray(variantOptionValues.variantId, variantIds)),
          // The default store view's figures, as the product's own `price` shows.
          db
            .select({
              productId: productPrices.productId,
              price: productPrices.price,
              specialPrice: productPrices.specialPrice,
              specialPriceFrom: productPrices.specialPriceFrom,
              specialPriceTo: productPrices.specialPriceTo,
            })
            .from(productPrices)
            .innerJoin(stores, eq(stores.id, productPrices.storeId))
            .where(inArray(productPrices.productId, variantIds))
            .orderBy(asc(stores.id)),
        ]);
  return new Map(
    ids.map((id) => {
      const mine = options.filter((option) => option.productId === id);
      const parts: AdminComposition = {
        configurableAttributes: mine.map((option) => option.attributeCode),
        variants: links
          .filter((link) => link.parentId === id)
          .map(({ child }) => {
            const price = prices.find((each) => each.productId === child.id);
            return {
              id: child.id,
              sku: child.sku,
              name: child.name,
              price: price?.price ?? null,
              specialPrice: price?.specialPrice ?? null,
              specialPriceFrom: price?.specialPriceFrom ?? null,
              specialPriceTo: price?.specialPriceTo ?? null,
              stockQty: child.qty,
              isEnabled: child.isEnabled,
              attributes: Object.fromEntries(
                mine.flatMap((option) => values.filter((value) => value.variantId === child.id && value.optionId === option.id).map((value) => [option.attributeCode, value.label])),
              ),
            };
          }),
      };
      return [id, parts];
    }),
  );
}

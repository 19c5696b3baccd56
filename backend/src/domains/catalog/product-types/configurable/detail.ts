import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { groupBy } from '../../../../platform/collections.ts';
import type { Db } from '../../../../platform/db/database.ts';
import { configurableOptions, configurableOptionValues, productLinks, variantOptionValues } from '../../../../platform/db/schema/index.ts';
import { loadImages, mainImageUrl } from '../../products/common.ts';
import { finalPriceOf, loadProductRowsByIds } from '../../products/rows.ts';
import type { ConfigurableOption, ProductChildren, Variant } from '../../products/schemas.ts';

/** configurableOptions + variants of configurable products; variants not sold in the store or hidden from the caller are left out. */
export async function loadConfigurableChildren(db: Db, storeId: number, parentIds: number[], visible: SQL | undefined): Promise<Map<number, ProductChildren>> {
  const links = await db
    .select({ parentId: productLinks.productId, variantId: productLinks.linkedProductId })
    .from(productLinks)
    .where(and(inArray(productLinks.productId, parentIds), eq(productLinks.linkType, 'variant')))
    .orderBy(asc(productLinks.productId), asc(productLinks.position));
  const variantIds = links.map((l) => l.variantId);
  const option = alias(configurableOptions, 'option');

  const [options, values, variantRows, variantValues, images] = await Promise.all([
    db.select().from(configurableOptions).where(inArray(configurableOptions.productId, parentIds)).orderBy(asc(configurableOptions.position)),
    db
      .select({ value: configurableOptionValues })
      .from(configurableOptionValues)
      .innerJoin(option, eq(option.id, configurableOptionValues.optionId))
      .where(inArray(option.productId, parentIds))
      .orderBy(asc(configurableOptionValues.position), asc(configurableOptionValues.valueIndex)),
    loadProductRowsByIds(db, storeId, variantIds, visible),
    variantIds.length === 0
      ? []
      : db
          .select({ variantId: variantOptionValues.variantId, attributeCode: configurableOptions.attributeCode, valueIndex: variantOptionValues.valueIndex })
          .from(variantOptionValues)
          .innerJoin(configurableOptions, eq(configurableOptions.id, variantOptionValues.optionId))
          .where(inArray(variantOptionValues.variantId, variantIds)),
    loadImages(db, variantIds),
  ]);

  const valuesByOption = groupBy(values, (v) => v.value.optionId);
  const rowsById = new Map(variantRows.map((r) => [r.product.id, r]));
  const valuesByVariant = groupBy(variantValues, (v) => v.variantId);

  const result = new Map<number, ProductChildren>();
  for (const parentId of parentIds) {
    const configurableOptions: ConfigurableOption[] = options
      .filter((o) => o.productId === parentId)
      .map((o) => ({
        attributeCode: o.attributeCode,
        label: o.label,
        values: (valuesByOption.get(o.id) ?? []).map(({ value }) => ({ valueIndex: value.valueIndex, label: value.label })),
      }));
    const variants: Variant[] = [];
    for (const link of links) {
      const row = link.parentId === parentId ? rowsById.get(link.variantId) : undefined;
      if (!row) continue;
      variants.push({
        id: row.product.id,
        sku: row.product.sku,
        name: row.product.name,
        attributes: Object.fromEntries((valuesByVariant.get(row.product.id) ?? []).map((v) => [v.attributeCode, v.valueIndex])),
        price: row.price,
        specialPrice: row.specialPrice,
        finalPrice: finalPriceOf(row.price, row.specialPrice),
        stockStatus: row.product.stockStatus,
        qty: row.product.qty,
        imageUrl: mainImageUrl(images.get(row.product.id)),
      });
    }
    result.set(parentId, { configurableOptions, variants });
  }
  return result;
}

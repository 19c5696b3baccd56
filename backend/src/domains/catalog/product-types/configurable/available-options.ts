import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { configurableOptions, configurableOptionValues, productLinks, productPrices, products, variantOptionValues } from '../../../../platform/db/schema/index.ts';
import type { ConfigurableOption } from '../../products/schemas.ts';

/**
 * The option values each configurable offers a shopper now, for its listing record
 * (`availableOptions`): the values of its in-stock variants, or of all its variants when none is in
 * stock (so a sold-out jacket still lists under its sizes, and "in stock only" is what leaves it
 * out). Variants that are disabled, not sold in the store or hidden from the caller (`visible`)
 * count for nothing. One query for a page of records, listing records included, so the storefront's
 * layered navigation can filter by size and colour without a detail read per product.
 */
export async function loadAvailableOptions(db: Db, storeId: number, parentIds: number[], visible: SQL | undefined): Promise<Map<number, ConfigurableOption[]>> {
  if (parentIds.length === 0) return new Map();
  const rows = await db
    .select({
      parentId: productLinks.productId,
      stockStatus: products.stockStatus,
      attributeCode: configurableOptions.attributeCode,
      optionLabel: configurableOptions.label,
      optionPosition: configurableOptions.position,
      valueIndex: configurableOptionValues.valueIndex,
      valueLabel: configurableOptionValues.label,
      valuePosition: configurableOptionValues.position,
    })
    .from(productLinks)
    .innerJoin(products, eq(products.id, productLinks.linkedProductId))
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
    .innerJoin(variantOptionValues, eq(variantOptionValues.variantId, products.id))
    .innerJoin(configurableOptions, eq(configurableOptions.id, variantOptionValues.optionId))
    .innerJoin(
      configurableOptionValues,
      and(eq(configurableOptionValues.optionId, variantOptionValues.optionId), eq(configurableOptionValues.valueIndex, variantOptionValues.valueIndex)),
    )
    .where(and(inArray(productLinks.productId, parentIds), eq(productLinks.linkType, 'variant'), eq(products.isEnabled, true), visible))
    .orderBy(asc(configurableOptions.position), asc(configurableOptionValues.position), asc(configurableOptionValues.valueIndex));

  const result = new Map<number, ConfigurableOption[]>();
  for (const parentId of parentIds) {
    const own = rows.filter((row) => row.parentId === parentId);
    const anyInStock = own.some((row) => row.stockStatus === 'in_stock');
    const options = new Map<string, ConfigurableOption>();
    for (const row of own) {
      if (anyInStock && row.stockStatus !== 'in_stock') continue;
      const option = options.get(row.attributeCode) ?? { attributeCode: row.attributeCode, label: row.optionLabel, values: [] };
      options.set(row.attributeCode, option);
      if (!option.values.some((value) => value.valueIndex === row.valueIndex)) option.values.push({ valueIndex: row.valueIndex, label: row.valueLabel });
    }
    if (options.size > 0) result.set(parentId, [...options.values()]);
  }
  return result;
}

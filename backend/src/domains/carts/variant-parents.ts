import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { configurableOptions, productLinks, productPrices, products, variantOptionValues } from '../../platform/db/schema/index.ts';
import type { Resolution } from './sellable-types.ts';

/**
 * A variant named by its own SKU (a quick-order line, an order bought again, an API client) is sold
 * as if picked on its configurable: the line carries the parent and the chosen option values, so the
 * cart shows "Colour: Navy" and links to the configurable's page, and it adds to the line the product
 * page made for the same choice. A variant whose configurable is not sold to the caller here stays a
 * line of its own, as before. Two queries, whatever the count.
 */
export async function asPickedFromParents(db: Db, storeId: number, resolved: Resolution[], visible: SQL | undefined): Promise<Resolution[]> {
  const own = (addition: { sellable: { parentId: number | null; configuration: unknown } }) => addition.sellable.parentId === null && addition.sellable.configuration === null;
  const ids = [...new Set(resolved.flatMap((r) => (Array.isArray(r) ? r.filter(own).map((a) => a.sellable.productId) : [])))];
  if (ids.length === 0) return resolved;
  const links = await db
    .select({ variantId: productLinks.linkedProductId, parentId: productLinks.productId })
    .from(productLinks)
    .innerJoin(products, eq(products.id, productLinks.productId))
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
    .where(and(eq(productLinks.linkType, 'variant'), inArray(productLinks.linkedProductId, ids), eq(products.isEnabled, true), visible));
  if (links.length === 0) return resolved;
  const parentOf = new Map(links.map((link) => [link.variantId, link.parentId]));
  const values = await db
    .select({ variantId: variantOptionValues.variantId, parentId: configurableOptions.productId, code: configurableOptions.attributeCode, valueIndex: variantOptionValues.valueIndex })
    .from(variantOptionValues)
    .innerJoin(configurableOptions, eq(configurableOptions.id, variantOptionValues.optionId))
    .where(inArray(variantOptionValues.variantId, [...parentOf.keys()]));
  const optionsOf = new Map<number, Record<string, number>>();
  for (const value of values) {
    if (parentOf.get(value.variantId) !== value.parentId) continue;
    const options = optionsOf.get(value.variantId) ?? {};
    options[value.code] = value.valueIndex;
    optionsOf.set(value.variantId, options);
  }
  return resolved.map((resolution) => {
    if (!Array.isArray(resolution)) return resolution;
    return resolution.map((addition) => {
      const parentId = own(addition) ? parentOf.get(addition.sellable.productId) : undefined;
      if (parentId === undefined) return addition;
      return { ...addition, sellable: { ...addition.sellable, parentId, options: optionsOf.get(addition.sellable.productId) ?? {} } };
    });
  });
}

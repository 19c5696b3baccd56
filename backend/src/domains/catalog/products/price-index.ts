/**
 * The price index: the figures a listing shows and sorts by (`minimalPrice`, and for products priced
 * by their children also `price` and `specialPrice`) are derived from the prices a cart charges, so
 * the two never disagree. Every writer of prices or stock calls `reindexPrices` in the transaction of
 * its change, with the products it changed: their own index and that of every product priced from
 * them (the configurable owning a variant, the grouped products and bundles that sell them) is
 * recomputed from the current rows.
 *
 * Each type's rule (the seeder's, DECISIONS.md's "from" prices) is its definition's `reindex`
 * (product-types/registry.ts): simple, virtual and downloadable products take their own final price
 * (product-types/self-priced.ts); configurables, grouped products, bundles and gift cards derive
 * theirs (product-types/<type>/price.ts).
 *
 * "Final price" counts a special price only on its days (`activeSpecialPrice`), as of the reindex:
 * a configurable takes its chosen variant's special price with its days, so its record shows it
 * from and until the right day; which variant is cheapest and every `minimalPrice` are as of the
 * product's last reindex, which its saves do and the sale-days job (sale-days.ts) does when a sale
 * starts or ends.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { bundleOptions, bundleSelections, productLinks, products, type ProductType } from '../../../platform/db/schema/index.ts';
import { productType, productTypes } from '../product-types/registry.ts';

/** Types whose figures come from other rows (their children or their amounts). */
export const derivedPriceTypes = (): ProductType[] => [...productTypes().values()].filter((definition) => definition.pricedBy !== 'self').map((definition) => definition.code);

/** The products priced from any of `ids` (configurable parents, grouped products, bundles). */
async function dependentsOf(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const [linked, bundles] = await Promise.all([
    db
      .select({ id: productLinks.productId })
      .from(productLinks)
      .where(and(inArray(productLinks.linkedProductId, ids), or(eq(productLinks.linkType, 'variant'), eq(productLinks.linkType, 'grouped')))),
    db
      .select({ id: bundleOptions.productId })
      .from(bundleSelections)
      .innerJoin(bundleOptions, eq(bundleOptions.id, bundleSelections.optionId))
      .where(inArray(bundleSelections.productId, ids)),
  ]);
  return [...linked, ...bundles].map((r) => r.id);
}

/**
 * Recomputes the price index of `productIds` and of every product priced from them, inside `db`
 * (pass the transaction of the change). Answers the ids of the products priced from them (not
 * `productIds` themselves): their records changed too, so the caller marks them updated and
 * announces them (an incremental sync reads products by `updatedAt`).
 */
export async function reindexPrices(db: Db, productIds: number[]): Promise<number[]> {
  const own = [...new Set(productIds)];
  const dependents = (await dependentsOf(db, own)).filter((id) => !own.includes(id));
  const affected = [...new Set([...own, ...dependents])];
  if (affected.length === 0) return [];
  const rows = await db.select({ id: products.id, type: products.type }).from(products).where(inArray(products.id, affected));
  // In the registry's order, types sharing a rule together: self-priced first, then configurables
  // (their stock is derived here, and nothing else depends on them), then the rest.
  const rules = [...new Set([...productTypes().values()].map((definition) => definition.reindex))];
  for (const reindex of rules) {
    const ids = rows.filter((r) => productType(r.type).reindex === reindex).map((r) => r.id);
    if (ids.length > 0) await reindex(db, ids);
  }
  const unique = [...new Set(dependents)];
  if (unique.length > 0) await db.update(products).set({ updatedAt: new Date() }).where(inArray(products.id, unique));
  return unique;
}

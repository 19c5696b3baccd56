import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { productLinks, productPrices, products } from '../../../../platform/db/schema/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { Addition, ChosenProduct } from '../../../carts/sellable-types.ts';

/**
 * A grouped product sells its members as their own lines (each at its own price), picked from the
 * group so the cart can say where they came from. `sets` multiplies every quantity.
 */
export async function chooseGroupedMembers(
  db: Db,
  storeId: number,
  group: ChosenProduct,
  quantities: Record<string, number> = {},
  sets: number,
  /** Leaves out members hidden from the caller: one of those answers as not an item of the group. */
  visible?: SQL,
): Promise<Addition[]> {
  const wanted = Object.entries(quantities).filter(([, qty]) => qty > 0);
  if (wanted.length === 0) {
    throw new AppError('invalid', 'grouped_quantities_required', `Choose a quantity of at least one item of ${group.sku}.`, { field: 'groupedQuantities' });
  }
  const members = await db
    .select({ id: products.id, sku: products.sku })
    .from(productLinks)
    .innerJoin(products, and(eq(products.id, productLinks.linkedProductId), eq(products.isEnabled, true)))
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
    .where(
      and(
        eq(productLinks.productId, group.id),
        eq(productLinks.linkType, 'grouped'),
        visible,
        inArray(
          products.sku,
          wanted.map(([sku]) => sku),
        ),
      ),
    );
  return wanted.map(([sku, qty]) => {
    const member = members.find((m) => m.sku === sku);
    if (!member) throw new AppError('invalid', 'invalid_grouped_item', `${sku} is not an item of ${group.sku} sold in this store.`, { field: `groupedQuantities.${sku}` });
    return { sellable: { productId: member.id, parentId: group.id, sku: member.sku, options: {}, configuration: null }, qty: qty * sets };
  });
}

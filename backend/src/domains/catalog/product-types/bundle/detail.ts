import { asc, inArray, type SQL } from 'drizzle-orm';
import { groupBy } from '../../../../platform/collections.ts';
import type { Db } from '../../../../platform/db/database.ts';
import { bundleOptions, bundleSelections } from '../../../../platform/db/schema/index.ts';
import { finalPriceOf, loadProductRowsByIds } from '../../products/rows.ts';
import type { BundleOption, ProductChildren } from '../../products/schemas.ts';

/** Bundle options with their selections priced at each selected product's current store price. */
export async function loadBundleChildren(db: Db, storeId: number, parentIds: number[], visible: SQL | undefined): Promise<Map<number, ProductChildren>> {
  const options = await db
    .select()
    .from(bundleOptions)
    .where(inArray(bundleOptions.productId, parentIds))
    .orderBy(asc(bundleOptions.position), asc(bundleOptions.id));
  const selections =
    options.length === 0
      ? []
      : await db
          .select()
          .from(bundleSelections)
          .where(
            inArray(
              bundleSelections.optionId,
              options.map((o) => o.id),
            ),
          )
          .orderBy(asc(bundleSelections.position), asc(bundleSelections.id));
  // A selection hidden from the caller is left out like one not sold here.
  const rows = await loadProductRowsByIds(db, storeId, [...new Set(selections.map((s) => s.productId))], visible);
  const rowsById = new Map(rows.map((r) => [r.product.id, r]));
  const selectionsByOption = groupBy(selections, (s) => s.optionId);

  const result = new Map<number, ProductChildren>(parentIds.map((id) => [id, { bundleOptions: [] }]));
  for (const option of options) {
    const bundleOption: BundleOption = {
      id: option.id,
      title: option.title,
      type: option.inputType,
      required: option.isRequired,
      position: option.position,
      selections: (selectionsByOption.get(option.id) ?? []).flatMap((s) => {
        const row = rowsById.get(s.productId);
        if (!row) return [];
        const price = finalPriceOf(row.price, row.specialPrice);
        return [{ id: s.id, sku: row.product.sku, name: row.product.name, price, defaultQty: s.defaultQty, isDefault: s.isDefault }];
      }),
    };
    result.get(option.productId)?.bundleOptions?.push(bundleOption);
  }
  return result;
}

import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { bundleOptions, bundleSelections, productPrices, products } from '../../../../platform/db/schema/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { BundleConfiguration } from '../../../carts/configuration.ts';
import type { ChosenProduct } from '../../../carts/sellable-types.ts';

/** Option types that take exactly one selection; checkbox and multi take any number. */
const singleChoice = new Set(['radio', 'select']);

const invalid = (code: string, message: string, optionId: number | string) =>
  new AppError('invalid', code, message, { field: `bundleOptions.${optionId}` });

/**
 * Checks the chosen selections against the bundle's options: every chosen option and selection
 * belongs to this bundle, required options have a selection, radio and select options one only,
 * at least one selection in all, and each chosen product is sold here and in stock. Quantities are the selections' own (the
 * catalog has no shopper-editable selection quantity).
 */
export async function chooseBundle(db: Db, storeId: number, bundle: ChosenProduct, chosen: Record<string, number[]> = {}, visible?: SQL): Promise<BundleConfiguration> {
  const options = await db
    .select()
    .from(bundleOptions)
    .where(eq(bundleOptions.productId, bundle.id))
    .orderBy(asc(bundleOptions.position), asc(bundleOptions.id));
  const unknown = Object.keys(chosen).find((optionId) => !options.some((o) => String(o.id) === optionId));
  if (unknown !== undefined) throw invalid('invalid_bundle_option', `${bundle.sku} has no bundle option ${unknown}.`, unknown);

  const rows = await db
    .select({ selection: bundleSelections, name: products.name, stockStatus: products.stockStatus })
    .from(bundleSelections)
    // A selection hidden from the caller (`visible`) answers as one not sold here.
    .innerJoin(products, and(eq(products.id, bundleSelections.productId), eq(products.isEnabled, true), visible))
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
    .where(
      inArray(
        bundleSelections.optionId,
        options.map((o) => o.id),
      ),
    );

  const selections: BundleConfiguration['selections'] = [];
  for (const option of options) {
    const ids = chosen[String(option.id)] ?? [];
    if (ids.length === 0) {
      if (option.isRequired) throw invalid('bundle_option_required', `Choose ${option.title} for ${bundle.sku}.`, option.id);
      continue;
    }
    if (new Set(ids).size !== ids.length) throw invalid('invalid_bundle_selection', `${option.title} lists a selection twice.`, option.id);
    if (singleChoice.has(option.inputType) && ids.length > 1) throw invalid('too_many_selections', `${option.title} takes one selection.`, option.id);
    for (const selectionId of [...ids].sort((a, b) => a - b)) {
      const row = rows.find((r) => r.selection.id === selectionId && r.selection.optionId === option.id);
      if (!row) throw invalid('invalid_bundle_selection', `${selectionId} is not a selection of ${option.title} sold in this store.`, option.id);
      if (row.stockStatus !== 'in_stock') {
        throw new AppError('conflict', 'selection_out_of_stock', `${row.name} is out of stock.`, { field: `bundleOptions.${option.id}` });
      }
      selections.push({ optionId: option.id, selectionId, qty: row.selection.defaultQty });
    }
  }
  // A bundle is priced as the sum of its selections: with none it would be sold for nothing.
  if (selections.length === 0) {
    const message = options.length === 0 ? `${bundle.sku} has nothing to choose from; it cannot be bought.` : `Choose at least one item of ${bundle.sku}.`;
    throw new AppError('invalid', 'bundle_selection_required', message, { field: 'bundleOptions' });
  }
  return { type: 'bundle', selections };
}

/**
 * The product page's main form saved (issue 17): one transaction that first checks, under the
 * product's row lock, the version the form was loaded at (its `_etag`, the product's ETag), then
 * writes only what differs from the saved values, so a field nobody touched is never overwritten and
 * the audit diff is what changed.
 *
 * The product's own fields (name, SKU, status, weight, stock and, priced by itself, its prices and
 * special price days) go through the product admin service (`updateProduct`, service.ts), the path the
 * API's PATCH takes: page and API check, write, re-derive, audit (`product.updated`) and announce
 * (`catalog_product_saved`) alike. A configurable's variants grid is written in the same
 * transaction through the variants' one write path (`changeVariants`,
 * product-types/configurable/variants.ts), the one the API's change of a variant takes, with a price
 * per store view and an audit diff of each changed variant's fields from and to.
 */
import { eq } from 'drizzle-orm';
import type { z } from '@hono/zod-openapi';
import type { AuditDiff } from '../../../../platform/audit/config-diff.ts';
import { requireVersion } from '../../../../platform/content-admin/versions.ts';
import type { AdminWriteContext } from '../../../../platform/content-admin/write-context.ts';
import { products } from '../../../../platform/db/schema/index.ts';
import { getAdminProduct, productEtag, updateProduct, type ProductPatch } from '../service.ts';
import type { PriceChange, ProductChanges, ProductEdit, StorePrice, VariantChanges } from './edit-data.ts';
import { changeVariants, type VariantWrite } from '../../product-types/configurable/variants.ts';

type Patch = z.infer<typeof ProductPatch>;

const differs = (typed: PriceChange, saved: StorePrice[]) => {
  const was = saved.find((price) => price.storeId === typed.storeId);
  return !was || was.price !== typed.price || was.specialPrice !== typed.specialPrice;
};

/** The product's own fields that differ from the saved ones, as the API's patch (validated by the caller). */
export function productPatch(edit: ProductEdit, changes: ProductChanges): Record<string, unknown> {
  const { product, prices } = edit;
  const patch: Record<string, unknown> = {};
  if (changes.name !== product.name) patch.name = changes.name;
  if (changes.sku !== undefined && changes.sku !== product.sku) patch.sku = changes.sku;
  if (changes.enabled !== product.isEnabled) patch.isEnabled = changes.enabled;
  if (changes.weight !== undefined && changes.weight !== product.weight) patch.weight = changes.weight;
  if (changes.qty !== undefined && changes.qty !== product.qty) patch.stockQty = changes.qty;
  // The form shows the first view's days and sets them for every view, as the API does.
  const [first] = prices;
  const days = changes.specialDays;
  const daysChanged = days !== undefined && first !== undefined && (days.from !== first.specialPriceFrom || days.to !== first.specialPriceTo);
  if (daysChanged) Object.assign(patch, { specialPriceFrom: days.from, specialPriceTo: days.to });
  // Any price change rewrites every view's row from the product-wide price unless the view has its
  // own (service.ts `writePrices`): each view's typed prices go as its own, so none takes another's.
  if (daysChanged || changes.prices.some((typed) => differs(typed, prices))) {
    const codeOf = (storeId: number) => prices.find((price) => price.storeId === storeId)!.storeCode;
    patch.storeOverrides = Object.fromEntries(changes.prices.map((typed) => [codeOf(typed.storeId), { price: typed.price, specialPrice: typed.specialPrice }]));
  }
  return patch;
}

/** One grid row's changed fields, from and to; empty when it is as saved. */
function rowDiff(saved: ProductEdit['variants'][number], row: VariantChanges) {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  const note = (key: string, before: unknown, after: unknown) => {
    if (before === after) return;
    from[key] = before;
    to[key] = after;
  };
  note('stockQty', saved.qty, row.qty);
  if (row.enabled !== undefined) note('isEnabled', saved.isEnabled, row.enabled);
  for (const typed of row.prices) {
    const was = saved.prices.find((price) => price.storeId === typed.storeId)!;
    note(`price ${was.storeCode}`, was.price, typed.price);
    note(`specialPrice ${was.storeCode}`, was.specialPrice, typed.specialPrice);
  }
  const [first] = saved.prices;
  if (row.specialDays && first) {
    note('specialPriceFrom', first.specialPriceFrom, row.specialDays.from);
    note('specialPriceTo', first.specialPriceTo, row.specialDays.to);
  }
  return { from, to };
}

/** The grid's changed rows, written through the variants' one write path; `parentAnnounced`: the service already announced the parent. */
async function saveVariantGrid(ctx: AdminWriteContext, edit: ProductEdit, rows: VariantChanges[], parentAnnounced: boolean) {
  const diff: AuditDiff = {};
  const writes: VariantWrite[] = [];
  for (const row of rows) {
    const saved = edit.variants.find((variant) => variant.id === row.id)!;
    const { from, to } = rowDiff(saved, row);
    if (Object.keys(to).length === 0) continue;
    const days = row.specialDays && ('specialPriceFrom' in to || 'specialPriceTo' in to) ? [{ specialPriceFrom: row.specialDays.from, specialPriceTo: row.specialDays.to }] : [];
    writes.push({
      id: row.id,
      own: { isEnabled: row.enabled, stockQty: 'stockQty' in to ? row.qty : undefined },
      prices: [...row.prices.filter((price) => differs(price, saved.prices)).map(({ storeId, price, specialPrice }) => ({ storeId, price, specialPrice })), ...days],
    });
    diff[`variant ${saved.sku}`] = { from, to };
  }
  if (writes.length > 0) await changeVariants(ctx, edit.product.id, writes, diff, parentAnnounced);
}

/**
 * Saves the form in one transaction: refused with 412 `stale_version`, nothing written, when `etag`
 * is given and is not the product's current version (the parent's version covers its variants'
 * default-view prices, days, stock and status, and its last change time, which every grid save moves).
 */
export async function saveProductChanges(
  ctx: AdminWriteContext,
  edit: ProductEdit,
  changes: ProductChanges,
  patch: Patch,
  etag: string | undefined,
  /** More of the page's writes (its images' alternative texts), in the same transaction, after the rest. */
  also?: (within: AdminWriteContext) => Promise<void>,
): Promise<void> {
  const id = edit.product.id;
  await ctx.db.transaction(async (tx) => {
    // Locked before the check, so no other save lands between it and the writes; checked whichever
    // part of the form changed, the grid included.
    await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    requireVersion(etag, productEtag(await getAdminProduct(tx, id)), 'product');
    const within = { ...ctx, db: tx };
    const ownChanges = Object.keys(patch).length > 0;
    if (ownChanges) await updateProduct(within, id, patch);
    await saveVariantGrid(within, edit, changes.variants, ownChanges);
    await also?.(within);
  });
}

import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { configurableOptions, configurableOptionValues, productLinks, productPrices, products, variantOptionValues } from '../../../../platform/db/schema/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { ChosenProduct, Sellable } from '../../../carts/sellable-types.ts';

/**
 * A configurable sells the variant whose option values match every chosen option. Options may
 * name values by index or label. `visible` leaves out variants hidden from the caller: one of those
 * answers as a variant not sold here.
 */
export async function chooseVariant(db: Db, storeId: number, product: ChosenProduct, chosen: Record<string, string | number> = {}, visible?: SQL): Promise<Sellable> {
  const { sku } = product;
  const optionRows = await db
    .select({ id: configurableOptions.id, code: configurableOptions.attributeCode, valueIndex: configurableOptionValues.valueIndex, label: configurableOptionValues.label })
    .from(configurableOptions)
    .innerJoin(configurableOptionValues, eq(configurableOptionValues.optionId, configurableOptions.id))
    .where(eq(configurableOptions.productId, product.id));
  const codes = [...new Set(optionRows.map((r) => r.code))];
  const missing = codes.filter((code) => chosen[code] === undefined);
  // `field` as for every bad choice (the first option missing); `missing` and `option` predate it and stay for clients that read them.
  if (missing.length > 0) throw new AppError('invalid', 'options_required', `Choose ${missing.join(', ')} for ${sku}.`, { field: `options.${missing[0]}`, missing });

  const picked = new Map<number, number>();
  const options: Record<string, number> = {};
  for (const code of codes) {
    const wanted = String(chosen[code]).toLowerCase();
    const row = optionRows.find((r) => r.code === code && (String(r.valueIndex) === wanted || r.label.toLowerCase() === wanted));
    if (!row) throw new AppError('invalid', 'invalid_option', `"${String(chosen[code])}" is not a value of ${code} for ${sku}.`, { field: `options.${code}`, option: code });
    picked.set(row.id, row.valueIndex);
    options[code] = row.valueIndex;
  }

  const links = await db
    .select({ variantId: productLinks.linkedProductId })
    .from(productLinks)
    .where(and(eq(productLinks.productId, product.id), eq(productLinks.linkType, 'variant')));
  const variantIds = links.map((l) => l.variantId);
  const values = variantIds.length === 0 ? [] : await db.select().from(variantOptionValues).where(inArray(variantOptionValues.variantId, variantIds));
  const variantId = variantIds.find((id) => {
    const own = values.filter((v) => v.variantId === id);
    return own.length === picked.size && own.every((v) => picked.get(v.optionId) === v.valueIndex);
  });
  if (variantId === undefined) throw new AppError('unprocessable', 'variant_not_available', `No ${sku} variant has that combination of options.`);
  const [variant] = await db
    .select({ sku: products.sku })
    .from(products)
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
    .where(and(eq(products.id, variantId), eq(products.isEnabled, true), visible));
  if (!variant) throw new AppError('unprocessable', 'variant_not_available', `That ${sku} variant is not sold in this store.`);
  return { productId: variantId, parentId: product.id, sku: variant.sku, options, configuration: null };
}

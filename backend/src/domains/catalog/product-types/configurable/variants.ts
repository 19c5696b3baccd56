/**
 * A configurable product's variants as the admin writes them (issue 17): created with the product,
 * then added, changed (name, price, special price and its days, stock, status: `changeVariants`, the
 * one write path the API's change of one variant and the product page's grid share) and removed one at a time. A
 * variant is a simple product of its own (its SKU, stock and prices in every store view) that is not
 * visible by itself, linked to its parent and standing for one value of each of the parent's
 * attributes; no two variants stand for the same values. Every write re-derives the parent's price
 * and stock (price-index.ts) in the caller's transaction or its own, is audited on the parent and
 * announces the parent (`catalog_product_saved`), which is what the storefront syncs.
 */
import { and, asc, eq, inArray, max, notInArray } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import { recordAudit } from '../../../../platform/audit/service.ts';
import type { AuditDiff } from '../../../../platform/audit/config-diff.ts';
import type { AdminWriteContext } from '../../../../platform/content-admin/write-context.ts';
import type { Db } from '../../../../platform/db/database.ts';
import { configurableOptions, configurableOptionValues, productLinks, productPrices, products, stores, variantOptionValues } from '../../../../platform/db/schema/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import { reindexPrices } from '../../products/price-index.ts';
import { AttributeValueLabel, configurableAttributeLabels, valueIndexFor, type ConfigurableAttribute } from './attributes.ts';

const Money = z.number().min(0).max(99_999_999.99).multipleOf(0.01);
const Sku = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'A SKU: letters, digits, ".", "_" and "-", at most 64.');
const Qty = z.number().int().min(0).max(1_000_000_000);
const Day = z.iso.date('A date as YYYY-MM-DD.').nullable();

export const VariantInput = z
  .object({
    sku: Sku,
    name: z.string().trim().min(1).max(255).optional().openapi({ description: 'Default: the product\'s name with the values, e.g. "Tee - Red / M".' }),
    price: Money.openapi({ description: 'Every store view\'s price, but for the views in `storeOverrides`.' }),
    specialPrice: Money.nullable().default(null),
    storeOverrides: z
      .record(z.string().max(64), z.object({ price: Money, specialPrice: Money.nullable() }).partial().strict())
      .default({})
      .openapi({ description: 'Per store view code: its own price and special price (each view sells in its own currency); a view not named takes `price` and `specialPrice`.' }),
    stockQty: Qty.default(0),
    isEnabled: z.boolean().default(true),
    attributes: z.record(z.string().max(64), AttributeValueLabel).openapi({ description: 'One value (its label) for each of the product\'s attributes, e.g. {"color": "Red", "size": "M"}.' }),
  })
  .strict()
  .openapi('VariantInput');
export type VariantFields = z.infer<typeof VariantInput>;

export const VariantChange = z
  .object({
    name: z.string().trim().min(1).max(255),
    price: Money.openapi({ description: 'Every store view\'s price.' }),
    specialPrice: Money.nullable().openapi({ description: 'Every store view\'s special price; null: none.' }),
    specialPriceFrom: Day.openapi({ description: 'First day the special price applies (YYYY-MM-DD, in each store view\'s time zone); null: from now.' }),
    specialPriceTo: Day.openapi({ description: 'Last day the special price applies, inclusive; null: no end.' }),
    stockQty: Qty,
    isEnabled: z.boolean(),
  })
  .partial()
  .strict()
  .openapi('VariantChange');

const invalid = (field: string, message: string) => new AppError('invalid', 'invalid_request', message, [{ location: 'json', field, message }]);
const stockOf = (qty: number) => ({ qty, stockStatus: qty > 0 ? ('in_stock' as const) : ('out_of_stock' as const) });
/** Values in the attributes' order: the variant's identity ("red|m"). */
const combination = (codes: readonly string[], attributes: Record<string, string>) => codes.map((code) => attributes[code]?.toLowerCase()).join('|');

/**
 * The variants of one request: each names exactly the product's attributes and no two the same
 * values, no two the same SKU (nor the product's). Issues carry the field path from `prefix`.
 */
export function variantIssues(codes: readonly string[], variants: readonly VariantFields[], parentSku: string | undefined, taken: readonly string[] = []) {
  const issues: Array<{ path: Array<string | number>; message: string }> = [];
  const seen = new Set(taken);
  const skus = new Set(parentSku === undefined ? [] : [parentSku.toLowerCase()]);
  variants.forEach((variant, index) => {
    for (const code of codes) if (variant.attributes[code] === undefined) issues.push({ path: [index, 'attributes', code], message: `A value of ${code} is required.` });
    for (const code of Object.keys(variant.attributes)) if (!codes.includes(code)) issues.push({ path: [index, 'attributes', code], message: `The product does not vary by ${code} (it varies by ${codes.join(', ')}).` });
    const key = combination(codes, variant.attributes);
    if (seen.has(key)) issues.push({ path: [index, 'attributes'], message: `Another variant has ${codes.map((code) => variant.attributes[code]).join(' / ')}.` });
    seen.add(key);
    if (skus.has(variant.sku.toLowerCase())) issues.push({ path: [index, 'sku'], message: `The SKU "${variant.sku}" is used twice.` });
    skus.add(variant.sku.toLowerCase());
  });
  return issues;
}

interface Parent {
  id: number;
  sku: string;
  name: string;
  urlKey: string;
}

async function lockConfigurable(db: Db, id: number): Promise<Parent> {
  const [parent] = await db.select({ id: products.id, sku: products.sku, name: products.name, urlKey: products.urlKey, type: products.type }).from(products).where(eq(products.id, id)).for('update');
  if (!parent) throw new AppError('not_found', 'not_found', `No product ${id}.`);
  if (parent.type !== 'configurable') throw new AppError('conflict', 'unsupported_type', `Product ${id} is ${parent.type}: only a configurable product has variants.`);
  return parent;
}

async function optionsOf(db: Db, parentId: number) {
  return db.select({ id: configurableOptions.id, code: configurableOptions.attributeCode }).from(configurableOptions).where(eq(configurableOptions.productId, parentId)).orderBy(asc(configurableOptions.position));
}

/** A URL key no product has: the parent's with the variant's SKU (variants have no page, but the key is unique). */
async function freeUrlKey(db: Db, parentKey: string, sku: string): Promise<string> {
  const base = `${parentKey}-${sku.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`.slice(0, 120);
  for (let attempt = 1; ; attempt += 1) {
    const candidate = attempt === 1 ? base : `${base}-${attempt}`;
    const [taken] = await db.select({ id: products.id }).from(products).where(eq(products.urlKey, candidate));
    if (!taken) return candidate;
  }
}

/** Inserts one variant: its row, a price row in every store view, its link and its values (added to the parent's options as needed). */
async function insertVariant(db: Db, parent: Parent, options: Array<{ id: number; code: string }>, variant: VariantFields, fieldPrefix: string): Promise<number> {
  const [other] = await db.select({ id: products.id }).from(products).where(eq(products.sku, variant.sku));
  if (other) throw new AppError('conflict', 'sku_taken', `Another product has the SKU "${variant.sku}".`, { field: `${fieldPrefix}sku` });
  const picked: Array<{ optionId: number; valueIndex: number; label: string }> = [];
  for (const option of options) {
    const label = variant.attributes[option.code]!;
    const value = await valueIndexFor(db, option.code, label);
    const [last] = await db.select({ top: max(configurableOptionValues.position) }).from(configurableOptionValues).where(eq(configurableOptionValues.optionId, option.id));
    await db.insert(configurableOptionValues).values({ optionId: option.id, valueIndex: value.valueIndex, label: value.label, position: (last?.top ?? 0) + 1 }).onConflictDoNothing();
    picked.push({ optionId: option.id, ...value });
  }
  const now = new Date();
  const [row] = await db
    .insert(products)
    .values({
      sku: variant.sku,
      type: 'simple',
      name: variant.name ?? `${parent.name} - ${picked.map((value) => value.label).join(' / ')}`,
      urlKey: await freeUrlKey(db, parent.urlKey, variant.sku),
      visibility: 'not_visible',
      isEnabled: variant.isEnabled,
      ...stockOf(variant.stockQty),
      attributes: Object.fromEntries(options.map((option, index) => [option.code, picked[index]!.label])),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: products.id });
  const id = row!.id;
  const views = await db.select({ id: stores.id, code: stores.code }).from(stores);
  const unknown = Object.keys(variant.storeOverrides).filter((code) => !views.some((view) => view.code === code));
  if (unknown.length > 0) throw invalid(`${fieldPrefix}storeOverrides.${unknown[0]}`, `No store view ${unknown.join(', ')}.`);
  await db.insert(productPrices).values(
    views.map((view) => {
      const own = variant.storeOverrides[view.code] ?? {};
      const price = own.price ?? variant.price;
      const specialPrice = own.specialPrice === undefined ? variant.specialPrice : own.specialPrice;
      return { productId: id, storeId: view.id, price, specialPrice, minimalPrice: specialPrice !== null && specialPrice < price ? specialPrice : price };
    }),
  );
  const [lastLink] = await db.select({ top: max(productLinks.position) }).from(productLinks).where(and(eq(productLinks.productId, parent.id), eq(productLinks.linkType, 'variant')));
  await db.insert(productLinks).values({ productId: parent.id, linkedProductId: id, linkType: 'variant', position: (lastLink?.top ?? 0) + 1 });
  await db.insert(variantOptionValues).values(picked.map((value) => ({ variantId: id, optionId: value.optionId, valueIndex: value.valueIndex })));
  return id;
}

/** A new configurable's attributes and variants, in the transaction that inserted the product; the caller reindexes and announces it. */
export async function createVariants(db: Db, parent: Parent, codes: readonly ConfigurableAttribute[], variants: readonly VariantFields[]): Promise<number[]> {
  const options = [];
  for (const [index, code] of codes.entries()) {
    const [option] = await db.insert(configurableOptions).values({ productId: parent.id, attributeCode: code, label: configurableAttributeLabels[code], position: index + 1 }).returning({ id: configurableOptions.id });
    options.push({ id: option!.id, code });
  }
  const ids = [];
  for (const [index, variant] of variants.entries()) ids.push(await insertVariant(db, parent, options, variant, `variants.${index}.`));
  return ids;
}

/** The variant ids of a configurable, for deleting them with it. */
export async function variantIdsOf(db: Db, parentId: number): Promise<number[]> {
  const links = await db.select({ id: productLinks.linkedProductId }).from(productLinks).where(and(eq(productLinks.productId, parentId), eq(productLinks.linkType, 'variant')));
  return links.map((link) => link.id);
}

/** The values each variant of the parent stands for, as combinations. */
async function takenCombinations(db: Db, parentId: number, options: Array<{ id: number; code: string }>, except?: number): Promise<string[]> {
  const ids = (await variantIdsOf(db, parentId)).filter((id) => id !== except);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ variantId: variantOptionValues.variantId, optionId: variantOptionValues.optionId, label: configurableOptionValues.label })
    .from(variantOptionValues)
    .innerJoin(configurableOptionValues, and(eq(configurableOptionValues.optionId, variantOptionValues.optionId), eq(configurableOptionValues.valueIndex, variantOptionValues.valueIndex)))
    .where(inArray(variantOptionValues.variantId, ids));
  const codes = options.map((option) => option.code);
  return ids.map((id) => combination(codes, Object.fromEntries(options.map((option) => [option.code, rows.find((row) => row.variantId === id && row.optionId === option.id)?.label ?? '']))));
}

async function finish(ctx: AdminWriteContext, db: Db, parentId: number, changed: number[], action: string, diff: AuditDiff, parentAnnounced = false) {
  const others = await reindexPrices(db, [parentId, ...changed]);
  await db.update(products).set({ updatedAt: new Date() }).where(eq(products.id, parentId));
  await recordAudit(db, { actor: ctx.actor, module: 'core', action: `product.${action}`, subject: `product:${parentId}`, diff });
  for (const productId of new Set([...(parentAnnounced ? [] : [parentId]), ...others])) await ctx.notifications.publish(db, 'catalog_product_saved', { productId });
}

/** One variant's change as written: its own fields, then its price rows (`storeId` absent: every view's), in order. */
export interface VariantWrite {
  id: number;
  own: { name?: string; isEnabled?: boolean; stockQty?: number };
  prices: Array<{ storeId?: number; price?: number; specialPrice?: number | null; specialPriceFrom?: string | null; specialPriceTo?: string | null }>;
}

/**
 * The one write path of a configurable's variants once checked (the API's one variant, the product
 * page's grid of many): writes each, then re-derives the parent and what is priced from it, audits on
 * the parent (`product.variant_changed`, `diff` as the caller worded it) and announces them, in
 * `ctx.db` (the caller's transaction, holding the parent's lock). `parentAnnounced`: the caller's own
 * save of the parent already announced it.
 */
export async function changeVariants(ctx: AdminWriteContext, parentId: number, changes: readonly VariantWrite[], diff: AuditDiff, parentAnnounced = false): Promise<void> {
  const { db } = ctx;
  for (const change of changes) {
    const { name, isEnabled, stockQty } = change.own;
    await db
      .update(products)
      .set({ name, isEnabled, ...(stockQty === undefined ? {} : stockOf(stockQty)), updatedAt: new Date() })
      .where(eq(products.id, change.id));
    for (const { storeId, ...values } of change.prices) {
      await db
        .update(productPrices)
        .set(values)
        .where(and(eq(productPrices.productId, change.id), storeId === undefined ? undefined : eq(productPrices.storeId, storeId)));
    }
  }
  await finish(ctx, db, parentId, changes.map((change) => change.id), 'variant_changed', diff, parentAnnounced);
}

/** Adds a variant to a configurable: it names a value of each of the product's attributes, values no other variant has. */
export function addVariant(ctx: AdminWriteContext, parentId: number, variant: VariantFields): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const parent = await lockConfigurable(tx, parentId);
    const options = await optionsOf(tx, parentId);
    const codes = options.map((option) => option.code);
    const [issue] = variantIssues(codes, [variant], parent.sku, await takenCombinations(tx, parentId, options));
    if (issue) throw invalid(issue.path.slice(1).join('.'), issue.message);
    const id = await insertVariant(tx, parent, options, variant, '');
    await finish(ctx, tx, parentId, [id], 'variant_added', { variant: { from: null, to: variant.sku } });
    return id;
  });
}

async function ownVariant(db: Db, parentId: number, variantId: number) {
  const [link] = await db
    .select({ variant: products })
    .from(productLinks)
    .innerJoin(products, eq(products.id, productLinks.linkedProductId))
    .where(and(eq(productLinks.productId, parentId), eq(productLinks.linkType, 'variant'), eq(productLinks.linkedProductId, variantId)));
  if (!link) throw new AppError('not_found', 'not_found', `Product ${parentId} has no variant ${variantId}.`);
  return link.variant;
}

/** Changes a variant's name, prices and special price days (every store view), stock or status. */
export function changeVariant(ctx: AdminWriteContext, parentId: number, variantId: number, change: z.infer<typeof VariantChange>): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    await lockConfigurable(tx, parentId);
    const before = await ownVariant(tx, parentId, variantId);
    // A day sent alone is checked against the other one as stored (every view's rows carry the same days).
    const [days] = await tx.select({ from: productPrices.specialPriceFrom, to: productPrices.specialPriceTo }).from(productPrices).where(eq(productPrices.productId, variantId)).limit(1);
    const from = change.specialPriceFrom === undefined ? (days?.from ?? null) : change.specialPriceFrom;
    const to = change.specialPriceTo === undefined ? (days?.to ?? null) : change.specialPriceTo;
    // Strings compare as days in YYYY-MM-DD.
    if (from !== null && to !== null && from > to) throw invalid(change.specialPriceTo === undefined ? 'specialPriceFrom' : 'specialPriceTo', `The special price cannot end (${to}) before it starts (${from}).`);
    const { name, isEnabled, stockQty, ...prices } = change;
    const repriced = Object.values(prices).some((value) => value !== undefined);
    const diff = { [`variant ${before.sku}`]: { from: { name: before.name, stockQty: before.qty, isEnabled: before.isEnabled }, to: change } };
    await changeVariants({ ...ctx, db: tx }, parentId, [{ id: variantId, own: { name, isEnabled, stockQty }, prices: repriced ? [prices] : [] }], diff);
  });
}

/** Removes a variant (the product row goes); the parent keeps at least one. Values no variant stands for any more leave the parent's options. */
export function removeVariant(ctx: AdminWriteContext, parentId: number, variantId: number): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    await lockConfigurable(tx, parentId);
    const variant = await ownVariant(tx, parentId, variantId);
    const others = (await variantIdsOf(tx, parentId)).filter((id) => id !== variantId);
    if (others.length === 0) throw new AppError('conflict', 'last_variant', 'A configurable product keeps at least one variant: delete the product instead.');
    await tx.delete(products).where(eq(products.id, variantId));
    const used = await tx.select({ optionId: variantOptionValues.optionId, valueIndex: variantOptionValues.valueIndex }).from(variantOptionValues).where(inArray(variantOptionValues.variantId, others));
    for (const option of await optionsOf(tx, parentId)) {
      // Every remaining variant stands for a value of each option, so `keep` is never empty.
      const keep = used.filter((value) => value.optionId === option.id).map((value) => value.valueIndex);
      await tx.delete(configurableOptionValues).where(and(eq(configurableOptionValues.optionId, option.id), notInArray(configurableOptionValues.valueIndex, keep)));
    }
    await finish(ctx, tx, parentId, [], 'variant_removed', { variant: { from: variant.sku, to: null } });
  });
}

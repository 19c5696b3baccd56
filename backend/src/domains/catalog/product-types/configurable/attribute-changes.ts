/**
 * Changing a configurable's attributes after it is created (issue 17): the request names the
 * attributes the product varies by afterwards, in the order shoppers choose them. An attribute it
 * no longer names is removed (its option, values and each variant's value go), one it newly names is
 * added with a value for every variant (one for all, or one per variant id), and the rest keep their
 * values in the new order. Variants stay told apart by their values: a change that would make two
 * alike is refused naming them, with nothing written. One transaction: the options, their values,
 * each variant's values and its `attributes` copy, the cart lines holding a variant (they keep the
 * chosen values by number, so they follow the variant's new ones), the audit entry and
 * `catalog_product_saved`. Prices and stock do not depend on attributes, so nothing is reindexed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import { recordAudit } from '../../../../platform/audit/service.ts';
import { requireVersion } from '../../../../platform/content-admin/versions.ts';
import type { AdminWriteContext } from '../../../../platform/content-admin/write-context.ts';
import type { Db } from '../../../../platform/db/database.ts';
import { cartItems, configurableOptions, configurableOptionValues, products, variantOptionValues } from '../../../../platform/db/schema/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import { getAdminProduct, productEtag } from '../../products/service.ts';
import type { AdminVariant } from '../../products/composition.ts';
import { AttributeValueLabel, configurableAttributeLabels, valueIndexFor } from './attributes.ts';

const NewAttributeValues = z
  .object({
    default: AttributeValueLabel.optional().openapi({ description: 'The value of every variant not named in byVariant, e.g. "One size".' }),
    byVariant: z
      .record(z.string().regex(/^[1-9]\d{0,9}$/, 'A variant id.'), AttributeValueLabel)
      .optional()
      .openapi({ description: 'Variant id → its value, e.g. {"412": "M", "413": "L"}.' }),
  })
  .strict();

export const ConfigurableAttributesChange = z
  .object({
    attributes: z
      .array(z.string().trim().min(1).max(64))
      .min(1, 'A configurable product varies by at least one attribute.')
      .max(20)
      .openapi({ description: `The attributes the product varies by afterwards, in the order shoppers choose them: those left out are removed, new ones (from ${Object.keys(configurableAttributeLabels).join(', ')}) added.` }),
    values: z
      .record(z.string().max(64), NewAttributeValues)
      .default({})
      .openapi({ description: 'For each attribute added, its value on every variant: a default, values by variant id, or both (the id\'s wins).' }),
  })
  .strict()
  .openapi('ConfigurableAttributesChange');
export type AttributesChange = z.infer<typeof ConfigurableAttributesChange>;

interface Issue {
  field: string;
  message: string;
}

const invalid = (issues: Issue[]) => new AppError('invalid', 'invalid_request', issues[0]!.message, issues.map((issue) => ({ location: 'json', ...issue })));

/** Each variant's value of each attribute, after the change (labels); the refusals of the request first. */
function plannedValues(change: AttributesChange, current: readonly string[], variants: readonly AdminVariant[]) {
  const issues: Issue[] = [];
  change.attributes.forEach((code, index) => {
    if (change.attributes.indexOf(code) !== index) issues.push({ field: `attributes.${index}`, message: `${code} is listed twice.` });
    else if (!current.includes(code) && !(code in configurableAttributeLabels)) {
      issues.push({ field: `attributes.${index}`, message: `No attribute ${code}: a configurable product varies by ${Object.keys(configurableAttributeLabels).join(', ')}.` });
    }
  });
  const added = change.attributes.filter((code, index) => !current.includes(code) && change.attributes.indexOf(code) === index);
  for (const code of Object.keys(change.values)) {
    if (added.includes(code)) continue;
    const message = current.includes(code) && change.attributes.includes(code) ? `The product already varies by ${code}: its variants keep their values.` : `${code} is not an attribute being added.`;
    issues.push({ field: `values.${code}`, message });
  }
  const values = new Map(variants.map((variant) => [variant.id, { ...variant.attributes }]));
  for (const code of added) {
    const given = change.values[code];
    if (!given || (given.default === undefined && given.byVariant === undefined)) {
      issues.push({ field: `values.${code}`, message: `Give ${code} a value for every variant: one for all, or one per variant.` });
      continue;
    }
    for (const id of Object.keys(given.byVariant ?? {})) {
      if (!variants.some((variant) => String(variant.id) === id)) issues.push({ field: `values.${code}.byVariant.${id}`, message: `The product has no variant ${id}.` });
    }
    for (const variant of variants) {
      const label = given.byVariant?.[String(variant.id)] ?? given.default;
      if (label === undefined) issues.push({ field: `values.${code}.byVariant.${variant.id}`, message: `A value of ${code} for ${variant.sku}.` });
      else values.get(variant.id)![code] = label;
    }
  }
  return { issues, added, values };
}

/** Groups of variants that would stand for the same values, each named by SKU. */
function alikeVariants(codes: readonly string[], variants: readonly AdminVariant[], values: Map<number, Record<string, string>>): string[] {
  const byCombination = new Map<string, AdminVariant[]>();
  for (const variant of variants) {
    const key = codes.map((code) => values.get(variant.id)![code]?.toLowerCase() ?? '').join('|');
    byCombination.set(key, [...(byCombination.get(key) ?? []), variant]);
  }
  return [...byCombination.values()]
    .filter((group) => group.length > 1)
    .map((group) => {
      const shared = codes.map((code) => values.get(group[0]!.id)![code]).join(' / ');
      const skus = group.map((variant) => variant.sku);
      return `${skus.slice(0, -1).join(', ')} and ${skus.at(-1)} would ${skus.length === 2 ? 'both' : 'all'} be ${shared}`;
    });
}

/** The parent's options as they now are, and writes the added ones' values on every variant. */
async function writeOptions(db: Db, parentId: number, change: AttributesChange, current: readonly string[], added: readonly string[], variants: readonly AdminVariant[], values: Map<number, Record<string, string>>) {
  const removed = current.filter((code) => !change.attributes.includes(code));
  // Cascades to the option's values and each variant's value of it.
  if (removed.length > 0) await db.delete(configurableOptions).where(and(eq(configurableOptions.productId, parentId), inArray(configurableOptions.attributeCode, removed)));
  for (const [index, code] of change.attributes.entries()) {
    if (!added.includes(code)) {
      await db.update(configurableOptions).set({ position: index + 1 }).where(and(eq(configurableOptions.productId, parentId), eq(configurableOptions.attributeCode, code)));
      continue;
    }
    const [option] = await db
      .insert(configurableOptions)
      .values({ productId: parentId, attributeCode: code, label: configurableAttributeLabels[code as keyof typeof configurableAttributeLabels], position: index + 1 })
      .returning({ id: configurableOptions.id });
    // One value per spelling (matched without case), numbered as every product numbers it, in the variants' order.
    const known = new Map<string, { valueIndex: number; label: string }>();
    for (const variant of variants) {
      const typed = values.get(variant.id)![code]!;
      let value = known.get(typed.toLowerCase());
      if (!value) {
        value = await valueIndexFor(db, code, typed);
        await db.insert(configurableOptionValues).values({ optionId: option!.id, valueIndex: value.valueIndex, label: value.label, position: known.size + 1 });
        known.set(typed.toLowerCase(), value);
      }
      values.get(variant.id)![code] = value.label;
      await db.insert(variantOptionValues).values({ variantId: variant.id, optionId: option!.id, valueIndex: value.valueIndex });
    }
  }
}

/**
 * Each variant's own copy of its values (`products.attributes`) in the new order, and the cart lines
 * holding a variant: a line keeps its choice as attribute → value number, which the storefront and
 * checkout read back through the parent's options.
 */
async function followVariants(db: Db, parentId: number, codes: readonly string[], variants: readonly AdminVariant[], values: Map<number, Record<string, string>>) {
  const numbers = await db
    .select({ variantId: variantOptionValues.variantId, code: configurableOptions.attributeCode, valueIndex: variantOptionValues.valueIndex })
    .from(variantOptionValues)
    .innerJoin(configurableOptions, eq(configurableOptions.id, variantOptionValues.optionId))
    .where(eq(configurableOptions.productId, parentId));
  const now = new Date();
  for (const variant of variants) {
    const own = values.get(variant.id)!;
    await db
      .update(products)
      .set({ attributes: Object.fromEntries(codes.map((code) => [code, own[code]!])), updatedAt: now })
      .where(eq(products.id, variant.id));
  }
  const held = await db.selectDistinct({ variantId: cartItems.productId }).from(cartItems).where(eq(cartItems.parentId, parentId));
  for (const { variantId } of held) {
    const options = Object.fromEntries(numbers.filter((row) => row.variantId === variantId).map((row) => [row.code, row.valueIndex]));
    await db.update(cartItems).set({ options, updatedAt: now }).where(and(eq(cartItems.parentId, parentId), eq(cartItems.productId, variantId)));
  }
}

/**
 * Sets a configurable's attributes to `change.attributes` (removing, adding, reordering), if
 * `ifMatch` (when given) is the product's current version. Refusals: 404 no product; 409
 * `unsupported_type` not a configurable; 412 `stale_version`; 400 by field (a value missing, an
 * unknown attribute or variant, or added values that make variants alike); 409 `variants_alike`
 * when a removal alone would.
 */
export function changeConfigurableAttributes(ctx: AdminWriteContext, parentId: number, change: AttributesChange, ifMatch?: string): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ type: products.type }).from(products).where(eq(products.id, parentId)).for('update');
    if (!row) throw new AppError('not_found', 'not_found', `No product ${parentId}.`);
    if (row.type !== 'configurable') throw new AppError('conflict', 'unsupported_type', `Product ${parentId} is ${row.type}: only a configurable product has attributes to choose by.`);
    const before = await getAdminProduct(tx, parentId);
    requireVersion(ifMatch, productEtag(before), 'product');
    const current = before.configurableAttributes ?? [];
    const variants = before.variants ?? [];
    const { issues, added, values } = plannedValues(change, current, variants);
    if (issues.length > 0) throw invalid(issues);
    if (change.attributes.join('\n') === current.join('\n')) return;
    const alike = alikeVariants(change.attributes, variants, values);
    if (alike.length > 0) {
      const message = `Every variant must differ by its values: ${alike.join('; ')}.`;
      if (added.length > 0) throw invalid([{ field: `values.${added[0]}`, message }]);
      throw new AppError('conflict', 'variants_alike', `${message} Remove or change one of them first.`, [{ location: 'json', field: 'attributes', message }]);
    }
    await writeOptions(tx, parentId, change, current, added, variants, values);
    await followVariants(tx, parentId, change.attributes, variants, values);
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, parentId));
    const valuesOf = (code: string) => Object.fromEntries(variants.map((variant) => [variant.sku, values.get(variant.id)![code]]));
    await recordAudit(tx, {
      actor: ctx.actor,
      module: 'core',
      action: 'product.attributes_changed',
      subject: `product:${parentId}`,
      diff: {
        configurableAttributes: { from: current, to: change.attributes },
        ...Object.fromEntries(added.map((code) => [`values of ${code}`, { from: null, to: valuesOf(code) }])),
      },
    });
    await ctx.notifications.publish(tx, 'catalog_product_saved', { productId: parentId });
  });
}

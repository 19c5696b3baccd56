/**
 * A bundle's options and selections as the admin writes them (issue 17): each option a title, an
 * input type (select and radio take one selection, checkbox and multi any), whether it is required,
 * and the products it offers (other simple or virtual products, not a configurable's variants), each
 * with the quantity a cart takes and whether it is chosen by default. The list is written whole: an
 * option or selection sent with its `id` keeps it (carts hold those ids, so their lines stay as they
 * are), one without is new, one left out is deleted (a cart line holding it is then incomplete: the
 * cart shows `complete: false` and checkout refuses it with 409 `cart_line_incomplete`, as for a
 * selection whose product is disabled). A kept selection keeps its option and its product (a
 * different product is a new selection, so a cart never silently switches what it sells). A
 * bundle has no price or stock of its own: the price index derives its "from" price from its
 * selections (price-index.ts), and its stock is derived here as the seeder's is.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import type { Db } from '../../../../platform/db/database.ts';
import { bundleOptions, bundleSelections, productLinks, products } from '../../../../platform/db/schema/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import { reindexPrices } from '../../products/price-index.ts';

const RowId = z.number().int().min(1).max(2_147_483_647);

export const BundleSelectionInput = z
  .object({
    id: RowId.optional().openapi({ description: 'An existing selection of this option, to keep (carts holding it keep working); none: a new one.' }),
    productId: RowId.openapi({ description: 'A simple or virtual product.' }),
    defaultQty: z.number().int().min(1).max(10_000).default(1).openapi({ description: 'The quantity a cart takes of it.' }),
    isDefault: z.boolean().default(false).openapi({ description: 'Chosen when the page opens; at most one in a select or radio option.' }),
  })
  .strict()
  .openapi('BundleSelectionInput');

const singleChoice = new Set(['select', 'radio']);

export const BundleOptionInput = z
  .object({
    id: RowId.optional().openapi({ description: 'An existing option of this bundle, to keep; none: a new one.' }),
    title: z.string().trim().min(1).max(255),
    type: z.enum(['select', 'radio', 'checkbox', 'multi']).openapi({ description: 'select and radio take one selection; checkbox and multi any number.' }),
    required: z.boolean().default(true),
    selections: z.array(BundleSelectionInput).min(1, 'An option offers at least one product.').max(100),
  })
  .strict()
  .superRefine((option, issues) => {
    const problem = (path: Array<string | number>, message: string) => issues.addIssue({ code: 'custom', path, message });
    if (singleChoice.has(option.type) && option.selections.filter((selection) => selection.isDefault).length > 1) {
      const second = option.selections.findIndex((selection, index) => selection.isDefault && option.selections.slice(0, index).some((earlier) => earlier.isDefault));
      problem(['selections', second, 'isDefault'], `A ${option.type} option has at most one default.`);
    }
    for (const [index, selection] of option.selections.entries()) {
      if (option.selections.findIndex((other) => other.productId === selection.productId) !== index) problem(['selections', index, 'productId'], `Product ${selection.productId} is offered twice in this option.`);
      if (selection.id !== undefined && option.selections.findIndex((other) => other.id === selection.id) !== index) problem(['selections', index, 'id'], `Selection ${selection.id} is listed twice.`);
    }
  })
  .openapi('BundleOptionInput');

export const BundleOptionsInput = z
  .array(BundleOptionInput)
  .min(1, 'A bundle has at least one option.')
  .max(20)
  .superRefine((options, issues) => {
    for (const [index, option] of options.entries()) {
      if (option.id !== undefined && options.findIndex((other) => other.id === option.id) !== index) issues.addIssue({ code: 'custom', path: [index, 'id'], message: `Option ${option.id} is listed twice.` });
    }
  });
export type BundleOptionFields = z.infer<typeof BundleOptionInput>;

export interface AdminBundleOption {
  id: number;
  title: string;
  type: 'select' | 'radio' | 'checkbox' | 'multi';
  required: boolean;
  selections: Array<{ id: number; productId: number; sku: string; name: string; defaultQty: number; isDefault: boolean }>;
}

const invalid = (field: string, message: string) => new AppError('invalid', 'invalid_request', message, [{ location: 'json', field, message }]);

/** Every sent product is another simple or virtual product that is not a variant; every sent id is this bundle's, in its place. */
async function check(db: Db, bundleId: number, options: readonly BundleOptionFields[], saved: readonly AdminBundleOption[]): Promise<void> {
  const ids = [...new Set(options.flatMap((option) => option.selections.map((selection) => selection.productId)))];
  const [found, variants] = await Promise.all([
    db.select({ id: products.id, type: products.type }).from(products).where(inArray(products.id, ids)),
    db.select({ id: productLinks.linkedProductId }).from(productLinks).where(and(inArray(productLinks.linkedProductId, ids), eq(productLinks.linkType, 'variant'))),
  ]);
  const variantIds = new Set(variants.map((row) => row.id));
  for (const [o, option] of options.entries()) {
    const kept = option.id === undefined ? undefined : saved.find((each) => each.id === option.id);
    if (option.id !== undefined && !kept) throw invalid(`bundleOptions.${o}.id`, `This bundle has no option ${option.id}.`);
    for (const [s, selection] of option.selections.entries()) {
      const path = `bundleOptions.${o}.selections.${s}`;
      const row = found.find((each) => each.id === selection.productId);
      const problem =
        selection.productId === bundleId
          ? 'A bundle does not sell itself.'
          : !row
            ? `No product ${selection.productId}.`
            : row.type !== 'simple' && row.type !== 'virtual'
              ? `Product ${selection.productId} is ${row.type}: a bundle sells simple and virtual products.`
              : variantIds.has(selection.productId)
                ? `Product ${selection.productId} is a variant of a configurable product: it is sold through that product.`
                : undefined;
      if (problem) throw invalid(`${path}.productId`, problem);
      if (selection.id === undefined) continue;
      const before = kept?.selections.find((each) => each.id === selection.id);
      if (!before) throw invalid(`${path}.id`, `Option ${option.id ?? `"${option.title}"`} has no selection ${selection.id}.`);
      if (before.productId !== selection.productId) throw invalid(`${path}.productId`, `Selection ${selection.id} sells product ${before.productId}; leave out its id to offer another product.`);
    }
  }
}

/**
 * Replaces the bundle's options and selections (ids sent are kept, those left out deleted), then its
 * stock and its prices. Everything is checked before the first write.
 */
export async function writeBundleOptions(db: Db, bundleId: number, options: readonly BundleOptionFields[]): Promise<void> {
  const saved = (await loadBundleOptions(db, [bundleId])).get(bundleId) ?? [];
  await check(db, bundleId, options, saved);
  const keptOptions = options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
  const gone = saved.filter((option) => !keptOptions.includes(option.id)).map((option) => option.id);
  if (gone.length > 0) await db.delete(bundleOptions).where(inArray(bundleOptions.id, gone));
  for (const [index, option] of options.entries()) {
    const values = { title: option.title, inputType: option.type, isRequired: option.required, position: index + 1 };
    const optionId = option.id ?? (await db.insert(bundleOptions).values({ productId: bundleId, ...values }).returning({ id: bundleOptions.id }))[0]!.id;
    if (option.id !== undefined) await db.update(bundleOptions).set(values).where(eq(bundleOptions.id, optionId));
    const keptSelections = option.selections.flatMap((selection) => (selection.id === undefined ? [] : [selection.id]));
    const dropped = (saved.find((each) => each.id === optionId)?.selections ?? []).filter((selection) => !keptSelections.includes(selection.id)).map((selection) => selection.id);
    if (dropped.length > 0) await db.delete(bundleSelections).where(inArray(bundleSelections.id, dropped));
    for (const [position, selection] of option.selections.entries()) {
      const row = { defaultQty: selection.defaultQty, isDefault: selection.isDefault, position: position + 1 };
      if (selection.id === undefined) await db.insert(bundleSelections).values({ optionId, productId: selection.productId, ...row });
      else await db.update(bundleSelections).set(row).where(eq(bundleSelections.id, selection.id));
    }
  }
  await deriveStock(db, bundleId, options);
  await reindexPrices(db, [bundleId]);
}

/**
 * The seeder's rule: a bundle is in stock when each required option (every option, when none is
 * required) offers an in-stock product, as many as the scarcest such option's in-stock products
 * add up to.
 */
async function deriveStock(db: Db, bundleId: number, options: readonly BundleOptionFields[]): Promise<void> {
  const ids = [...new Set(options.flatMap((option) => option.selections.map((selection) => selection.productId)))];
  const rows = await db.select({ id: products.id, qty: products.qty, stockStatus: products.stockStatus, isEnabled: products.isEnabled }).from(products).where(inArray(products.id, ids));
  const available = (id: number) => rows.find((row) => row.id === id && row.isEnabled && row.stockStatus === 'in_stock' && row.qty > 0)?.qty ?? 0;
  const counted = options.some((option) => option.required) ? options.filter((option) => option.required) : options;
  const qty = Math.min(...counted.map((option) => option.selections.reduce((sum, selection) => sum + available(selection.productId), 0)));
  await db.update(products).set({ qty, stockStatus: qty > 0 ? 'in_stock' : 'out_of_stock' }).where(eq(products.id, bundleId));
}

/** The options of bundles with their selections, in order, as the admin record shows them. */
export async function loadBundleOptions(db: Db, bundleIds: readonly number[]): Promise<Map<number, AdminBundleOption[]>> {
  if (bundleIds.length === 0) return new Map();
  const options = await db
    .select()
    .from(bundleOptions)
    .where(inArray(bundleOptions.productId, [...bundleIds]))
    .orderBy(asc(bundleOptions.position), asc(bundleOptions.id));
  const selections =
    options.length === 0
      ? []
      : await db
          .select({ selection: bundleSelections, sku: products.sku, name: products.name })
          .from(bundleSelections)
          .innerJoin(products, eq(products.id, bundleSelections.productId))
          .where(inArray(bundleSelections.optionId, options.map((option) => option.id)))
          .orderBy(asc(bundleSelections.position), asc(bundleSelections.id));
  const result = new Map<number, AdminBundleOption[]>(bundleIds.map((id) => [id, []]));
  for (const option of options) {
    result.get(option.productId)!.push({
      id: option.id,
      title: option.title,
      type: option.inputType,
      required: option.isRequired,
      selections: selections
        .filter((row) => row.selection.optionId === option.id)
        .map(({ selection, sku, name }) => ({ id: selection.id, productId: selection.productId, sku, name, defaultQty: selection.defaultQty, isDefault: selection.isDefault })),
    });
  }
  return result;
}

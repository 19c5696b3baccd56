/**
 * The product edit form's data, validation and save. What an admin types is what a cart charges:
 * a product priced by itself takes a price and special price per store view; a configurable's
 * prices, special prices and stock are its variants', edited in a grid, and the parent's figures
 * (price index, stock) are derived on save in the same transaction (catalog/products/price-index.ts).
 * Grouped products, bundles and gift cards are priced from their parts or amounts: no price field.
 * A product priced by itself also takes the days its special price applies (every store view's), and
 * so does each variant in the grid (its own days, every view's); every product takes its weight.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { derivedPriceTypes, reindexPrices } from './price-index.ts';
import type { Db } from '../../db/database.ts';
import { configurableOptions, configurableOptionValues, productImages, productLinks, productPrices, products, stores, variantOptionValues } from '../../db/schema/index.ts';

const Qty = z.coerce.number().int().min(0, 'Stock cannot be negative.').max(1_000_000_000);
const ProductForm = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(255),
  enabled: z.enum(['1', '0']),
});
/** Up to two decimals, no sign, no blank (z.coerce would read a blank as 0). */
const moneyPattern = /^\d{1,10}(\.\d{1,2})?$/;
/** Kilograms to the gram, at most a thousand tonnes (the API's bound). */
const weightPattern = /^\d{1,7}(\.\d{1,3})?$/;
const Day = z.iso.date();

export interface StorePrice {
  storeId: number;
  storeName: string;
  currency: string;
  price: number;
  specialPrice: number | null;
  specialPriceFrom: string | null;
  specialPriceTo: string | null;
  minimalPrice: number;
}

export interface VariantEdit {
  id: number;
  sku: string;
  /** "Navy / M": the option labels that pick it. */
  label: string;
  qty: number;
  isEnabled: boolean;
  prices: StorePrice[];
}

export type EditedProduct = typeof products.$inferSelect;

export interface ProductEdit {
  product: EditedProduct;
  prices: StorePrice[];
  variants: VariantEdit[];
  /** In order: the first is the product's picture. */
  images: Array<{ id: number; file: string; label: string }>;
}

export const pricedBySelf = (product: EditedProduct) => !derivedPriceTypes.has(product.type);

async function storePrices(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      productId: productPrices.productId,
      storeId: stores.id,
      storeName: stores.name,
      currency: stores.baseCurrencyCode,
      price: productPrices.price,
      specialPrice: productPrices.specialPrice,
      specialPriceFrom: productPrices.specialPriceFrom,
      specialPriceTo: productPrices.specialPriceTo,
      minimalPrice: productPrices.minimalPrice,
    })
    .from(productPrices)
    .innerJoin(stores, eq(stores.id, productPrices.storeId))
    .where(inArray(productPrices.productId, ids))
    .orderBy(asc(stores.position), asc(stores.id));
}

export async function loadProductEdit(db: Db, id: number): Promise<ProductEdit | undefined> {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return undefined;
  const links =
    product.type === 'configurable'
      ? await db
          .select({ variant: products })
          .from(productLinks)
          .innerJoin(products, eq(products.id, productLinks.linkedProductId))
          .where(and(eq(productLinks.productId, id), eq(productLinks.linkType, 'variant')))
          .orderBy(asc(productLinks.position))
      : [];
  const variantIds = links.map((l) => l.variant.id);
  const [prices, images, labels] = await Promise.all([
    storePrices(db, [id, ...variantIds]),
    db.select({ id: productImages.id, file: productImages.file, label: productImages.label }).from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position), asc(productImages.id)),
    variantIds.length === 0
      ? []
      : db
          .select({ variantId: variantOptionValues.variantId, label: configurableOptionValues.label })
          .from(variantOptionValues)
          .innerJoin(configurableOptions, eq(configurableOptions.id, variantOptionValues.optionId))
          .innerJoin(
            configurableOptionValues,
            and(eq(configurableOptionValues.optionId, variantOptionValues.optionId), eq(configurableOptionValues.valueIndex, variantOptionValues.valueIndex)),
          )
          .where(inArray(variantOptionValues.variantId, variantIds))
          .orderBy(asc(configurableOptions.position)),
  ]);
  const pricesOf = (productId: number) => prices.filter((p) => p.productId === productId);
  return {
    product,
    prices: pricesOf(id),
    images,
    variants: links.map(({ variant }) => ({
      id: variant.id,
      sku: variant.sku,
      label: labels.filter((l) => l.variantId === variant.id).map((l) => l.label).join(' / ') || variant.name,
      qty: variant.qty,
      isEnabled: variant.isEnabled,
      prices: pricesOf(variant.id),
    })),
  };
}

interface PriceChange {
  productId: number;
  storeId: number;
  price: number;
  specialPrice: number | null;
}

export interface ProductChanges {
  name: string;
  enabled: boolean;
  /** The product's own stock; undefined for a configurable (its variants' sum). */
  qty?: number;
  prices: PriceChange[];
  /** Each variant's stock, and its status and special price days when the form sent them. */
  variantQty: Array<{ id: number; qty: number; enabled?: boolean; specialDays?: SpecialDays }>;
  /** Undefined: not sent, left as it is; null: none. */
  weight?: number | null;
  /** The special price's days for every store view of a product priced by itself; undefined: not sent. */
  specialDays?: { from: string | null; to: string | null };
}

/** The weight field: blank is none. */
function parseWeight(typed: string | undefined): number | null | undefined | string {
  const value = typed?.trim();
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (!weightPattern.test(value.replace(',', '.')) || Number(value.replace(',', '.')) > 1_000_000) return 'Weight: kilograms, 0 or more, to the gram (e.g. 0.25), or blank.';
  return Number(value.replace(',', '.'));
}

interface SpecialDays {
  from: string | null;
  to: string | null;
}

/** A refused day: which of the two fields, and why. */
interface DaysRefusal {
  side: 'from' | 'to';
  message: string;
}

/** Field name → message, for the refusals shown next to their field (the variants' days). */
export interface RefusedFields {
  fields: Record<string, string>;
}

/** `{prefix}special_from` and `{prefix}special_to` (blank: open on that side). */
function parseSpecialDays(fields: Record<string, string>, prefix = ''): SpecialDays | undefined | DaysRefusal {
  const [from, to] = [fields[`${prefix}special_from`]?.trim(), fields[`${prefix}special_to`]?.trim()];
  if (from === undefined && to === undefined) return undefined;
  const day = (value: string | undefined): string | false | null => (value ? (Day.safeParse(value).success ? value : false) : null);
  const [first, last] = [day(from), day(to)];
  const notADay = 'Special price days: a date such as 2026-12-01, or blank.';
  if (first === false) return { side: 'from', message: notADay };
  if (last === false) return { side: 'to', message: notADay };
  if (first !== null && last !== null && first > last) return { side: 'to', message: 'Special price days: the last day cannot come before the first.' };
  return { from: first, to: last };
}

/**
 * The price fields of one product in one store: `{prefix}price_{store}` and `{prefix}special_{store}`
 * (blank: no special price). A special price field that was not sent leaves it as it is.
 */
function parsePrices(fields: Record<string, string>, prefix: string, productId: number, current: StorePrice[], label: string): PriceChange[] | string {
  const changes: PriceChange[] = [];
  for (const store of current) {
    const price = fields[`${prefix}price_${store.storeId}`]?.trim();
    const special = fields[`${prefix}special_${store.storeId}`]?.trim();
    if (price === undefined || !moneyPattern.test(price)) return `${label}: the price in ${store.storeName} must be a number of 0 or more.`;
    if (special !== undefined && special !== '' && !moneyPattern.test(special)) return `${label}: the special price in ${store.storeName} must be a number of 0 or more, or blank.`;
    const specialPrice = special === undefined ? store.specialPrice : special === '' ? null : Number(special);
    if (specialPrice !== null && specialPrice >= Number(price)) return `${label}: the special price in ${store.storeName} must be below the price.`;
    changes.push({ productId, storeId: store.storeId, price: Number(price), specialPrice });
  }
  return changes;
}

/**
 * The submitted form, checked against the product's stores and variants; a message when it is wrong,
 * or the variants' day fields that are, each with its message.
 */
export function parseProductChanges(edit: ProductEdit, fields: Record<string, string>): ProductChanges | string | RefusedFields {
  const base = ProductForm.safeParse(fields);
  if (!base.success) return base.error.issues[0]?.message ?? 'Check the form.';
  const changes: ProductChanges = { name: base.data.name, enabled: base.data.enabled === '1', prices: [], variantQty: [] };
  if (edit.product.type !== 'configurable') {
    const qty = Qty.safeParse(fields.qty);
    if (!qty.success) return qty.error.issues[0]?.message ?? 'Stock must be a whole number.';
    changes.qty = qty.data;
  }
  const weight = parseWeight(fields.weight);
  if (typeof weight === 'string') return weight;
  changes.weight = weight;
  if (pricedBySelf(edit.product)) {
    const prices = parsePrices(fields, '', edit.product.id, edit.prices, edit.product.sku);
    if (typeof prices === 'string') return prices;
    changes.prices.push(...prices);
    const days = parseSpecialDays(fields);
    if (days && 'message' in days) return days.message;
    changes.specialDays = days;
  }
  const refusedDays: Record<string, string> = {};
  for (const variant of edit.variants) {
    const qty = Qty.safeParse(fields[`variant_${variant.id}_qty`]);
    if (!qty.success) return `${variant.sku}: ${qty.error.issues[0]?.message ?? 'stock must be a whole number.'}`;
    const prices = parsePrices(fields, `variant_${variant.id}_`, variant.id, variant.prices, variant.sku);
    if (typeof prices === 'string') return prices;
    const enabled = fields[`variant_${variant.id}_enabled`];
    if (enabled !== undefined && enabled !== '1' && enabled !== '0') return `${variant.sku}: the status is enabled or disabled.`;
    const days = parseSpecialDays(fields, `variant_${variant.id}_`);
    if (days && 'message' in days) refusedDays[`variant_${variant.id}_special_${days.side}`] = days.message;
    changes.variantQty.push({ id: variant.id, qty: qty.data, enabled: enabled === undefined ? undefined : enabled === '1', specialDays: days && !('message' in days) ? days : undefined });
    changes.prices.push(...prices);
  }
  return Object.keys(refusedDays).length > 0 ? { fields: refusedDays } : changes;
}

const stockOf = (qty: number) => ({ qty, stockStatus: qty > 0 ? ('in_stock' as const) : ('out_of_stock' as const) });

/**
 * Writes the changes and re-derives every figure priced from them, in `tx` (one transaction).
 * Answers the other products whose records changed with it (a grouped product or bundle selling it).
 */
export async function saveProductChanges(tx: Db, edit: ProductEdit, changes: ProductChanges): Promise<number[]> {
  const now = new Date();
  await tx
    .update(products)
    .set({ name: changes.name, isEnabled: changes.enabled, ...(changes.qty === undefined ? {} : stockOf(changes.qty)), weight: changes.weight, updatedAt: now })
    .where(eq(products.id, edit.product.id));
  for (const variant of changes.variantQty) {
    await tx
      .update(products)
      .set({ ...stockOf(variant.qty), isEnabled: variant.enabled, updatedAt: now })
      .where(eq(products.id, variant.id));
    if (variant.specialDays) {
      await tx.update(productPrices).set({ specialPriceFrom: variant.specialDays.from, specialPriceTo: variant.specialDays.to }).where(eq(productPrices.productId, variant.id));
    }
  }
  for (const change of changes.prices) {
    await tx
      .update(productPrices)
      .set({ price: change.price, specialPrice: change.specialPrice })
      .where(and(eq(productPrices.productId, change.productId), eq(productPrices.storeId, change.storeId)));
  }
  if (changes.specialDays) {
    await tx
      .update(productPrices)
      .set({ specialPriceFrom: changes.specialDays.from, specialPriceTo: changes.specialDays.to })
      .where(eq(productPrices.productId, edit.product.id));
  }
  const touched = await reindexPrices(tx, [edit.product.id, ...edit.variants.map((v) => v.id)]);
  return touched.filter((id) => id !== edit.product.id);
}

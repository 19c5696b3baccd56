/**
 * The product edit form's data and validation. What an admin types is what a cart charges:
 * a product priced by itself takes a price and special price per store view; a configurable's
 * prices, special prices and stock are its variants', edited in a grid, and the parent's figures
 * (price index, stock) are derived on save (catalog/products/price-index.ts). Grouped products,
 * bundles and gift cards are priced from their parts or amounts: no price field; grouped products
 * and bundles are stocked by them too. A product priced by itself also takes the days its special
 * price applies (every store view's), and so does each variant in the grid (its own days, every
 * view's); every product takes its name, SKU, status and weight. Every refusal is keyed by the
 * field it is about, so the form shows each next to its field. The save is admin-product-save.ts.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { productType } from '../../product-types/registry.ts';
import type { Db } from '../../../../platform/db/database.ts';
import { configurableOptions, configurableOptionValues, productImages, productLinks, productPrices, products, stores, variantOptionValues } from '../../../../platform/db/schema/index.ts';

/** A whole number, no sign, no blank. */
const qtyPattern = /^\d{1,10}$/;
/** Up to two decimals, no sign, no blank; below a hundred million (the API's bound). */
const moneyPattern = /^\d{1,8}(\.\d{1,2})?$/;
/** Kilograms to the gram, at most a thousand tonnes (the API's bound). */
const weightPattern = /^\d{1,7}(\.\d{1,3})?$/;
const Day = z.iso.date();

export interface StorePrice {
  storeId: number;
  /** The view's code: the key of its own price in the API's `storeOverrides`. */
  storeCode: string;
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

export const pricedBySelf = (product: EditedProduct) => productType(product.type).pricedBy === 'self';
/** A configurable, grouped product or bundle is stocked by its children, as the API has it (service.ts); a gift card keeps its own. */
export const stockedBySelf = (product: EditedProduct) => productType(product.type).stockedBy === 'self';

async function storePrices(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      productId: productPrices.productId,
      storeId: stores.id,
      storeCode: stores.code,
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

export interface PriceChange {
  storeId: number;
  price: number;
  specialPrice: number | null;
}

export interface SpecialDays {
  from: string | null;
  to: string | null;
}

/** One row of a configurable's variants grid as submitted. */
export interface VariantChanges {
  id: number;
  qty: number;
  /** Undefined: not sent, left as it is. */
  enabled?: boolean;
  prices: PriceChange[];
  /** Undefined: not sent, left as they are. */
  specialDays?: SpecialDays;
}

export interface ProductChanges {
  name: string;
  /** Undefined: not sent, left as it is (its format is the API's rule, checked on save). */
  sku?: string;
  enabled: boolean;
  /** The product's own stock; undefined for a product stocked by its children. */
  qty?: number;
  /** Undefined: not sent, left as it is; null: none. */
  weight?: number | null;
  /** A product priced by itself: its price and special price in each store view. */
  prices: PriceChange[];
  /** The special price's days for every store view of a product priced by itself; undefined: not sent. */
  specialDays?: SpecialDays;
  /** A configurable's variants grid, row by row. */
  variants: VariantChanges[];
}

/** Field name → why it was refused, each shown next to its field. */
export type FieldErrors = Record<string, string>;

/** The weight field: blank is none. */
function parseWeight(typed: string | undefined): number | null | undefined | string {
  const value = typed?.trim();
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (!weightPattern.test(value.replace(',', '.')) || Number(value.replace(',', '.')) > 1_000_000) return 'Weight: kilograms, 0 or more, to the gram (e.g. 0.25), or blank.';
  return Number(value.replace(',', '.'));
}

/** A stock field: a whole number from 0 to a billion, or what is wrong. */
function parseQty(typed: string | undefined): number | undefined {
  const value = typed?.trim();
  return value !== undefined && qtyPattern.test(value) && Number(value) <= 1_000_000_000 ? Number(value) : undefined;
}

/** A refused day: which of the two fields, and why. */
interface DaysRefusal {
  side: 'from' | 'to';
  message: string;
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
 * The price fields of one product in each store view: `{prefix}price_{store}` and
 * `{prefix}special_{store}` (blank: no special price; not sent: left as it is). Refusals go to
 * `errors` by field, each message led by `label` (a variant's SKU in the grid).
 */
function parsePrices(fields: Record<string, string>, prefix: string, current: StorePrice[], label: string, errors: FieldErrors): PriceChange[] {
  const changes: PriceChange[] = [];
  const say = (text: string) => (label ? `${label}${text}` : `${text[0]!.toUpperCase()}${text.slice(1)}`);
  for (const store of current) {
    const [priceField, specialField] = [`${prefix}price_${store.storeId}`, `${prefix}special_${store.storeId}`];
    const price = fields[priceField]?.trim();
    const special = fields[specialField]?.trim();
    if (price === undefined || !moneyPattern.test(price)) {
      errors[priceField] = say(`the price in ${store.storeName} must be a number of 0 or more (below 100,000,000), such as 12.50.`);
      continue;
    }
    if (special !== undefined && special !== '' && !moneyPattern.test(special)) {
      errors[specialField] = say(`the special price in ${store.storeName} must be a number of 0 or more, or blank.`);
      continue;
    }
    const specialPrice = special === undefined ? store.specialPrice : special === '' ? null : Number(special);
    if (specialPrice !== null && specialPrice >= Number(price)) {
      errors[special === undefined ? priceField : specialField] = say(`the special price in ${store.storeName} must be below the price.`);
      continue;
    }
    changes.push({ storeId: store.storeId, price: Number(price), specialPrice });
  }
  return changes;
}

/**
 * The submitted form, checked against the product's store views and variants: the changes, or
 * every field that is wrong with its message (nothing is saved then).
 */
export function parseProductChanges(edit: ProductEdit, fields: Record<string, string>): { changes: ProductChanges } | { errors: FieldErrors } {
  const { product } = edit;
  const errors: FieldErrors = {};
  const name = fields.name?.trim() ?? '';
  if (name === '' || name.length > 255) errors.name = name === '' ? 'Name is required.' : 'Name: at most 255 characters.';
  const sku = fields.sku?.trim();
  if (sku === '') errors.sku = 'SKU is required.';
  if (fields.enabled !== '1' && fields.enabled !== '0') errors.enabled = 'Status: enabled or disabled.';
  const changes: ProductChanges = { name, sku, enabled: fields.enabled === '1', prices: [], variants: [] };
  if (stockedBySelf(product)) {
    changes.qty = parseQty(fields.qty);
    if (changes.qty === undefined) errors.qty = 'Stock: a whole number, 0 or more.';
  }
  const weight = parseWeight(fields.weight);
  if (typeof weight === 'string') errors.weight = weight;
  else changes.weight = weight;
  if (pricedBySelf(product)) {
    changes.prices = parsePrices(fields, '', edit.prices, '', errors);
    const days = parseSpecialDays(fields);
    if (days && 'message' in days) errors[`special_${days.side}`] = days.message;
    else changes.specialDays = days;
  }
  for (const variant of edit.variants) {
    const prefix = `variant_${variant.id}_`;
    const qty = parseQty(fields[`${prefix}qty`]);
    if (qty === undefined) errors[`${prefix}qty`] = `${variant.sku}: stock is a whole number, 0 or more.`;
    const enabled = fields[`${prefix}enabled`];
    if (enabled !== undefined && enabled !== '1' && enabled !== '0') errors[`${prefix}enabled`] = `${variant.sku}: the status is enabled or disabled.`;
    const prices = parsePrices(fields, prefix, variant.prices, `${variant.sku}: `, errors);
    const days = parseSpecialDays(fields, prefix);
    if (days && 'message' in days) errors[`${prefix}special_${days.side}`] = days.message;
    changes.variants.push({ id: variant.id, qty: qty ?? variant.qty, enabled: enabled === undefined ? undefined : enabled === '1', prices, specialDays: days && !('message' in days) ? days : undefined });
  }
  return Object.keys(errors).length > 0 ? { errors } : { changes };
}

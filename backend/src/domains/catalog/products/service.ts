/**
 * Products as the admin edits them through the API (DECISIONS.md 42, issue 17), every type created,
 * changed and deleted: simple, virtual and downloadable products (priced by themselves; a
 * downloadable one's links in product-types/downloadable/links.ts), configurable products with their variants
 * (product-types/configurable/variants.ts), grouped products with their members (product-types/grouped/members.ts), bundles with their
 * options and selections (product-types/bundle/options.ts), which are priced and stocked by those children, and gift
 * cards priced by their amounts (product-types/giftcard/settings.ts). Every type's own content and placement (name,
 * URL key, texts, categories, related products, status, meta title and description, weight) is
 * changed the same way. `price` and `specialPrice` apply to every store view unless
 * `storeOverrides.{code}` sets the view's own; the special price's days (`specialPriceFrom`,
 * `specialPriceTo`) apply to every view's; `stockQty` sets the stock (and its status). A new
 * URL key keeps a 301 from the old path (url-redirects.ts). Each write is one transaction with the
 * price index, its audit entry and the notification the storefront connector syncs on
 * (`catalog_product_saved`, `catalog_product_deleted`).
 */
import { and, asc, eq, inArray, max, min, ne } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import { recordAudit } from '../../../platform/audit/service.ts';
import { requireVersion, versionTag } from '../../../platform/content-admin/versions.ts';
import type { AdminWriteContext } from '../../../platform/content-admin/write-context.ts';
import type { Db } from '../../../platform/db/database.ts';
import { categories, productCategories, productImages, productLinks, productPrices, products, stores } from '../../../platform/db/schema/index.ts';
import { AppError } from '../../../platform/errors.ts';
import { urlKey } from '../../../platform/content-admin/fields.ts';
import { sanitizeMerchantHtml } from '../../../platform/markup-sanitize.ts';
import { storeUploadedImage } from '../../media/upload.ts';
import { productImageUrl } from '../../media/urls.ts';
import { formatTimestamp } from '../../../platform/time.ts';
import { claimPaths, recordMoves } from '../url-redirects.ts';
import { reindexPrices } from './price-index.ts';
import { productStoreTextFields, productTextKind, sendsPrices, type ProductTextField } from './store-texts.ts';
import { auditedStoreTexts, loadStoreTexts, writeStoreTexts, type StoreTexts } from '../../stores/store-texts.ts';
import { loadCompositions, type AdminComposition } from './composition.ts';
import { DownloadableLinkChanges, DownloadableLinks } from '../product-types/downloadable/links.ts';
import { GiftcardSettings } from '../product-types/giftcard/settings.ts';
import { GroupedMembers } from '../product-types/grouped/members.ts';
import { BundleOptionsInput } from '../product-types/bundle/options.ts';
import { VariantInput } from '../product-types/configurable/variants.ts';
import { productType, productTypes, type BasePrices } from '../product-types/registry.ts';
import { checkPriceRange, findAdminProducts, type ProductListFilter } from './list-filters.ts';
import { ConfigurableAttributeCode, configurableAttributeLabels } from '../product-types/configurable/attributes.ts';

const Money = z.number().min(0).max(99_999_999.99).multipleOf(0.01);
const StorePrices = z.object({ price: Money, specialPrice: Money.nullable(), ...productStoreTextFields }).partial().strict();
const Day = z.iso.date('A date as YYYY-MM-DD.').nullable();

const fields = {
  sku: z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'A SKU: letters, digits, ".", "_" and "-", at most 64.'),
  type: z.enum(['simple', 'virtual', 'downloadable', 'configurable', 'grouped', 'bundle', 'giftcard']).openapi({ description: 'Simple, virtual and downloadable products are priced by themselves; a configurable by its variants, a grouped product by its members, a bundle by its selections, a gift card by its amounts.' }),
  name: z.string().trim().min(1, 'Give the product a name.').max(255, 'A name of at most 255 characters.'),
  urlKey,
  isEnabled: z.boolean(),
  visibility: z.enum(['catalog', 'not_visible']),
  stockQty: z.number().int().min(0).max(1_000_000_000),
  price: Money,
  specialPrice: Money.nullable(),
  specialPriceFrom: Day.openapi({ description: 'First day the special price applies (YYYY-MM-DD, in each store view\'s time zone); null: from now.' }),
  specialPriceTo: Day.openapi({ description: 'Last day the special price applies, inclusive; null: no end.' }),
  weight: z.number().min(0).max(1_000_000).multipleOf(0.001).nullable().openapi({ description: 'Kilograms, to the gram; null: not given.' }),
  metaTitle: z.string().trim().max(255).openapi({ description: 'The page\'s <title>; empty: its name.' }),
  metaDescription: z.string().trim().max(1000).openapi({ description: 'The page\'s meta description; empty: the storefront\'s default.' }),
  description: z.string().max(200_000),
  shortDescription: z.string().max(20_000),
  categoryIds: z.array(z.number().int().min(1)).max(200),
  position: z.number().int().min(0).max(1_000_000).openapi({ description: 'Its place in category listings: lower first, ties by id. One number for every category it is in: a category lists its subcategories\' products too, so positions are compared across them.' }),
  relatedIds: z.array(z.number().int().min(1)).max(50).openapi({ description: 'Products suggested on its page, in this order.' }),
  storeOverrides: z.record(z.string().max(64), StorePrices).openapi({ description: 'Per store view code: its own price and special price, and its own name, descriptions, meta title and meta description (store-texts.ts).' }),
};

export const ProductInput = z
  .object({
    ...fields,
    price: fields.price.optional().openapi({ description: 'Required for simple and virtual products; a configurable or grouped product is priced by its children.' }),
    configurableAttributes: z
      .array(ConfigurableAttributeCode)
      .min(1)
      .max(Object.keys(configurableAttributeLabels).length)
      .optional()
      .openapi({ description: 'A configurable\'s attributes, in the order shoppers choose them.' }),
    variants: z.array(VariantInput).min(1, 'A configurable product has at least one variant.').max(500).optional().openapi({ description: 'A configurable\'s variants, created with it.' }),
    linkedProducts: GroupedMembers.optional().openapi({ description: 'A grouped product\'s members (simple or virtual products), in order.' }),
    bundleOptions: BundleOptionsInput.optional().openapi({ description: 'A bundle\'s options, in order, each offering simple or virtual products.' }),
    giftcard: GiftcardSettings.optional().openapi({ description: 'A gift card\'s kind, amounts and open range.' }),
    downloadableLinks: DownloadableLinks.optional().openapi({ description: 'A downloadable product\'s links, in order.' }),
    type: fields.type.default('simple'),
    isEnabled: fields.isEnabled.default(true),
    visibility: fields.visibility.default('catalog'),
    stockQty: fields.stockQty.default(0),
    specialPrice: fields.specialPrice.default(null),
    specialPriceFrom: fields.specialPriceFrom.default(null),
    specialPriceTo: fields.specialPriceTo.default(null),
    weight: fields.weight.default(null),
    metaTitle: fields.metaTitle.default(''),
    metaDescription: fields.metaDescription.default(''),
    description: fields.description.default(''),
    shortDescription: fields.shortDescription.default(''),
    categoryIds: fields.categoryIds.default([]),
    position: fields.position.default(0),
    relatedIds: fields.relatedIds.default([]),
    storeOverrides: fields.storeOverrides.default({}),
  })
  .strict()
  .superRefine((input, issues) => {
    const problem = (path: Array<string | number>, message: string) => issues.addIssue({ code: 'custom', path, message });
    // The type's rules (product-types/registry.ts); an unknown type is the enum's refusal already.
    const definition = productTypes().get(input.type);
    const derived = definition !== undefined && definition.pricedBy !== 'self';
    if (!derived && input.price === undefined) problem(['price'], 'A price is required.');
    if (derived && input.price !== undefined) problem(['price'], `A ${input.type} product is priced by its ${definition.priceSource?.api}.`);
    for (const { code, parts } of productTypes().values()) {
      for (const key of parts) {
        if (input.type === code && input[key] === undefined) problem([key], `Required for a ${code} product.`);
        if (input.type !== code && input[key] !== undefined) problem([key], `Only a ${code} product has ${key}.`);
      }
    }
    // Checked whatever the type, so a stray list is refused for its repeats too.
    const codes = input.configurableAttributes ?? [];
    if (new Set(codes).size !== codes.length) problem(['configurableAttributes'], 'Each attribute once.');
    definition?.validate?.(input, problem);
  })
  .openapi('ProductInput');
export const ProductPatch = z
  .object({
    ...fields,
    linkedProducts: GroupedMembers.openapi({ description: 'A grouped product\'s members, replacing the list.' }),
    giftcard: GiftcardSettings.openapi({ description: 'A gift card\'s settings, replacing them.' }),
    bundleOptions: BundleOptionsInput.openapi({ description: 'A bundle\'s options, replacing them: an option or selection sent with its `id` is kept (carts holding it keep it), one without is added, one left out is deleted.' }),
    downloadableLinks: DownloadableLinkChanges.openapi({ description: 'A downloadable product\'s links, in order, replacing the list: one with its `id` is changed in place, one without is added, one left out is removed.' }),
  })
  .omit({ type: true })
  .partial()
  .strict()
  .openapi('ProductPatch');
export type ProductFields = z.infer<typeof ProductInput>;

type Row = typeof products.$inferSelect;

export interface AdminProduct extends Row, AdminComposition {
  prices: Array<{ storeCode: string; price: number; specialPrice: number | null; specialPriceFrom: string | null; specialPriceTo: string | null }>;
  categoryIds: number[];
  relatedIds: number[];
  images: Array<{ id: number; file: string; label: string; position: number }>;
  /** Each other store view's own texts, by code (null: inherits). */
  storeTexts: Record<string, StoreTexts<ProductTextField>>;
}

export function adminProductView(product: AdminProduct) {
  const [first] = product.prices;
  return {
    id: product.id,
    sku: product.sku,
    type: product.type,
    name: product.name,
    urlKey: product.urlKey,
    isEnabled: product.isEnabled,
    visibility: product.visibility,
    stockQty: product.qty,
    stockStatus: product.stockStatus,
    price: first?.price ?? null,
    specialPrice: first?.specialPrice ?? null,
    specialPriceFrom: first?.specialPriceFrom ?? null,
    specialPriceTo: first?.specialPriceTo ?? null,
    storeOverrides: Object.fromEntries(product.prices.map((row) => [row.storeCode, { price: row.price, specialPrice: row.specialPrice, ...product.storeTexts[row.storeCode] }])),
    description: product.description,
    shortDescription: product.shortDescription,
    metaTitle: product.metaTitle,
    metaDescription: product.metaDescription,
    weight: product.weight,
    categoryIds: product.categoryIds,
    position: product.position,
    relatedIds: product.relatedIds,
    images: product.images.map((image) => ({ id: image.id, url: productImageUrl(image.file), alt: image.label, position: image.position })),
    ...(product.configurableAttributes ? { configurableAttributes: product.configurableAttributes, variants: product.variants } : {}),
    ...(product.linkedProducts ? { linkedProducts: product.linkedProducts } : {}),
    ...(product.giftcard ? { giftcard: product.giftcard } : {}),
    ...(product.downloadableLinks ? { downloadableLinks: product.downloadableLinks } : {}),
    ...(product.bundleOptions ? { bundleOptions: product.bundleOptions } : {}),
    createdAt: formatTimestamp(product.createdAt),
    updatedAt: formatTimestamp(product.updatedAt),
  };
}

export const productEtag = (product: AdminProduct) => versionTag('product', product.id, adminProductView(product));


const notFound = (id: number) => new AppError('not_found', 'not_found', `No product ${id}.`);
const field = (name: string, message: string) => new AppError('invalid', 'invalid_request', message, [{ location: 'json', field: name, message }]);

/** Products with their prices, categories, related products and images: five queries however many products. */
async function loadMany(db: Db, rows: Row[]): Promise<AdminProduct[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [prices, memberships, related, images, compositions] = await Promise.all([
    db
      .select({
        productId: productPrices.productId,
        storeCode: stores.code,
        price: productPrices.price,
        specialPrice: productPrices.specialPrice,
        specialPriceFrom: productPrices.specialPriceFrom,
        specialPriceTo: productPrices.specialPriceTo,
      })
      .from(productPrices)
      .innerJoin(stores, eq(stores.id, productPrices.storeId))
      .where(inArray(productPrices.productId, ids))
      .orderBy(asc(stores.id)),
    db.select().from(productCategories).where(inArray(productCategories.productId, ids)).orderBy(asc(productCategories.categoryId)),
    db
      .select({ productId: productLinks.productId, linkedProductId: productLinks.linkedProductId })
      .from(productLinks)
      .where(and(inArray(productLinks.productId, ids), eq(productLinks.linkType, 'related')))
      .orderBy(asc(productLinks.position), asc(productLinks.linkedProductId)),
    db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.position), asc(productImages.id)),
    loadCompositions(db, rows),
  ]);
  const storeTexts = await loadStoreTexts(db, productTextKind, ids);
  return rows.map((row) => ({
    ...row,
    storeTexts: storeTexts.get(row.id) ?? {},
    prices: prices.filter((price) => price.productId === row.id).map(({ productId: _own, ...price }) => price),
    categoryIds: memberships.filter((membership) => membership.productId === row.id).map((membership) => membership.categoryId),
    relatedIds: related.filter((link) => link.productId === row.id).map((link) => link.linkedProductId),
    images: images.filter((image) => image.productId === row.id),
    ...compositions.get(row.id),
  }));
}

async function load(db: Db, id: number, lock = false): Promise<AdminProduct> {
  const query = db.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(id);
  const [product] = await loadMany(db, [row]);
  return product!;
}

/** What a product with children takes from its children (DECISIONS.md 17): its prices and its stock. */
const childOwnedFields = ['price', 'specialPrice', 'specialPriceFrom', 'specialPriceTo', 'storeOverrides', 'stockQty'] as const;

/**
 * What a patch may change of a product of its type: each type's own parts only, and a product priced
 * by its children is not priced or stocked through a patch (a configurable's variants have their own
 * routes, a grouped product's `linkedProducts` its members, a bundle's `bundleOptions` its
 * selections). Their content and placement (name, URL key, texts, categories, status) are theirs alone.
 */
function editable(product: Row, patch: Record<string, unknown>): void {
  // In the patch's key order (the schema's), so the first stray part is the one reported.
  for (const key of Object.keys(patch)) {
    const owner = [...productTypes().values()].find((definition) => definition.patchPart?.key === key);
    if (owner && patch[key] !== undefined && owner.code !== product.type) throw field(key, owner.patchPart!.refusal(product.type));
  }
  // A gift card keeps a stock of its own (its cards); its prices are its amounts'.
  const { pricedBy, stockedBy } = productType(product.type);
  const owned = childOwnedFields.filter((key) => (key === 'stockQty' ? stockedBy === 'children' : pricedBy !== 'self'));
  const refused = owned.filter((key) => (key === 'storeOverrides' ? sendsPrices(patch.storeOverrides as never) : patch[key] !== undefined));
  if (refused.length > 0) {
    throw new AppError('conflict', 'unsupported_type', `A ${product.type} product's ${refused.join(', ')} goes by its children: edit them on its admin page.`);
  }
}

async function checkUnique(db: Db, values: { sku?: string; urlKey?: string }, except?: number): Promise<void> {
  const notMe = except === undefined ? undefined : ne(products.id, except);
  if (values.sku !== undefined) {
    const [other] = await db.select({ id: products.id }).from(products).where(and(eq(products.sku, values.sku), notMe));
    if (other) throw new AppError('conflict', 'sku_taken', `Another product has the SKU "${values.sku}".`, { field: 'sku' });
  }
  if (values.urlKey !== undefined) {
    const [other] = await db.select({ id: products.id }).from(products).where(and(eq(products.urlKey, values.urlKey), notMe));
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.urlPath, values.urlKey));
    if (other || category) throw new AppError('conflict', 'url_taken', `The storefront path /${values.urlKey} belongs to another ${other ? 'product' : 'category'}.`, { field: 'urlKey' });
  }
}

async function checkCategories(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, [...ids]));
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) throw field('categoryIds', `No category ${missing.join(', ')}.`);
}

/** Every store view's price row: the product-wide price, or the view's override; the special price's days are every view's. */
async function writePrices(db: Db, productId: number, base: BasePrices, overrides: Record<string, z.infer<typeof StorePrices>>) {
  const { specialPriceFrom, specialPriceTo } = base;
  // Strings compare as days in YYYY-MM-DD.
  if (specialPriceFrom !== null && specialPriceTo !== null && specialPriceFrom > specialPriceTo) {
    throw field('specialPriceTo', `The special price cannot end (${specialPriceTo}) before it starts (${specialPriceFrom}).`);
  }
  const views = await db.select({ id: stores.id, code: stores.code }).from(stores);
  const unknown = Object.keys(overrides).filter((code) => !views.some((view) => view.code === code));
  if (unknown.length > 0) throw field('storeOverrides', `No store view ${unknown.join(', ')}.`);
  for (const view of views) {
    const own = overrides[view.code] ?? {};
    const price = own.price ?? base.price;
    const specialPrice = own.specialPrice === undefined ? base.specialPrice : own.specialPrice;
    await db
      .insert(productPrices)
      .values({ productId, storeId: view.id, price, specialPrice, specialPriceFrom, specialPriceTo, minimalPrice: price })
      .onConflictDoUpdate({ target: [productPrices.productId, productPrices.storeId], set: { price, specialPrice, specialPriceFrom, specialPriceTo } });
  }
  await reindexPrices(db, [productId]);
}

async function checkRelated(db: Db, productId: number | undefined, ids: readonly number[]): Promise<void> {
  if (productId !== undefined && ids.includes(productId)) throw field('relatedIds', 'A product is not related to itself.');
  if (ids.length === 0) return;
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, [...ids]));
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) throw field('relatedIds', `No product ${missing.join(', ')}.`);
}

async function writeRelated(db: Db, productId: number, relatedIds: readonly number[]) {
  await db.delete(productLinks).where(and(eq(productLinks.productId, productId), eq(productLinks.linkType, 'related')));
  const links = [...new Set(relatedIds)].map((linkedProductId, position) => ({ productId, linkedProductId, linkType: 'related' as const, position: position + 1 }));
  if (links.length > 0) await db.insert(productLinks).values(links);
}

async function writeCategories(db: Db, productId: number, categoryIds: readonly number[]) {
  await db.delete(productCategories).where(eq(productCategories.productId, productId));
  if (categoryIds.length > 0) await db.insert(productCategories).values([...new Set(categoryIds)].map((categoryId) => ({ categoryId, productId, position: 0 })));
}

const stockStatus = (qty: number) => (qty > 0 ? 'in_stock' : 'out_of_stock') as Row['stockStatus'];

async function announce(ctx: AdminWriteContext, db: Db, action: string, product: { id: number }, diff?: Record<string, { from: unknown; to: unknown }>) {
  await recordAudit(db, { actor: ctx.actor, module: 'core', action: `product.${action}`, subject: `product:${product.id}`, diff });
}

/** The API's list: the grid's filters and sort (admin-product-filters.ts), each product as its record. */
export async function listAdminProducts(db: Db, filter: ProductListFilter, paging: { page: number; itemsPerPage: number }) {
  checkPriceRange(filter);
  const { rows, total } = await findAdminProducts(db, filter, paging);
  const member = (await loadMany(db, rows.map((row) => row.product))).map(adminProductView);
  return { member, totalItems: total, ...paging };
}

export const getAdminProduct = (db: Db, id: number) => load(db, id);

export function createProduct(ctx: AdminWriteContext, input: ProductFields): Promise<AdminProduct> {
  const definition = productType(input.type);
  return ctx.db.transaction(async (tx) => {
    await checkUnique(tx, input);
    await checkCategories(tx, input.categoryIds);
    await checkRelated(tx, undefined, input.relatedIds);
    await claimPaths(tx, [input.urlKey]);
    const now = new Date();
    const [row] = await tx
      .insert(products)
      .values({
        sku: input.sku,
        type: input.type,
        name: input.name,
        urlKey: input.urlKey,
        visibility: input.visibility,
        isEnabled: input.isEnabled,
        qty: definition.stockedBy === 'children' ? 0 : input.stockQty,
        stockStatus: stockStatus(definition.stockedBy === 'children' ? 0 : input.stockQty),
        description: sanitizeMerchantHtml(input.description),
        shortDescription: sanitizeMerchantHtml(input.shortDescription),
        metaTitle: input.metaTitle,
        metaDescription: input.metaDescription,
        weight: input.weight,
        position: input.position,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // Its price rows and its parts, as its type writes them.
    await definition.create(tx, row!, input, (base, overrides) => writePrices(tx, row!.id, base, overrides));
    await writeStoreTexts(tx, productTextKind, row!.id, input.storeOverrides);
    await writeCategories(tx, row!.id, input.categoryIds);
    await writeRelated(tx, row!.id, input.relatedIds);
    await announce(ctx, tx, 'created', row!);
    await ctx.notifications.publish(tx, 'catalog_product_saved', { productId: row!.id });
    return load(tx, row!.id);
  });
}

export function updateProduct(ctx: AdminWriteContext, id: number, patch: z.infer<typeof ProductPatch>, ifMatch?: string): Promise<AdminProduct> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, id, true);
    requireVersion(ifMatch, productEtag(before), 'product');
    editable(before, patch);
    await checkUnique(tx, { sku: patch.sku, urlKey: patch.urlKey }, id);
    if (patch.categoryIds) await checkCategories(tx, patch.categoryIds);
    if (patch.relatedIds) await checkRelated(tx, id, patch.relatedIds);
    const html = (value: string | undefined) => (value === undefined ? undefined : sanitizeMerchantHtml(value));
    await tx
      .update(products)
      .set({
        sku: patch.sku,
        name: patch.name,
        urlKey: patch.urlKey,
        isEnabled: patch.isEnabled,
        visibility: patch.visibility,
        ...(patch.stockQty === undefined ? {} : { qty: patch.stockQty, stockStatus: stockStatus(patch.stockQty) }),
        description: html(patch.description),
        shortDescription: html(patch.shortDescription),
        metaTitle: patch.metaTitle,
        metaDescription: patch.metaDescription,
        weight: patch.weight,
        position: patch.position,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
    const priced = ['price', 'specialPrice', 'specialPriceFrom', 'specialPriceTo', 'storeOverrides'] as const;
    const repriced = priced.some((key) => (key === 'storeOverrides' ? sendsPrices(patch.storeOverrides) : patch[key] !== undefined));
    if (repriced) {
      const [first] = before.prices;
      const kept = <T>(sent: T | undefined, saved: T | undefined | null) => (sent === undefined ? (saved ?? null) : sent);
      const base = {
        price: patch.price ?? first?.price ?? 0,
        specialPrice: kept(patch.specialPrice, first?.specialPrice),
        specialPriceFrom: kept(patch.specialPriceFrom, first?.specialPriceFrom),
        specialPriceTo: kept(patch.specialPriceTo, first?.specialPriceTo),
      };
      await writePrices(tx, id, base, patch.storeOverrides ?? {});
    }
    if (patch.categoryIds) await writeCategories(tx, id, patch.categoryIds);
    if (patch.relatedIds) await writeRelated(tx, id, patch.relatedIds);
    if (patch.storeOverrides) await writeStoreTexts(tx, productTextKind, id, patch.storeOverrides);
    const part = productType(before.type).patchPart;
    if (part && patch[part.key as keyof typeof patch]) await part.write(tx, id, patch[part.key as keyof typeof patch] as never);
    if (patch.urlKey !== undefined && patch.urlKey !== before.urlKey) {
      await claimPaths(tx, [patch.urlKey]);
      await recordMoves(tx, 'product', [{ from: before.urlKey, to: patch.urlKey }]);
    }
    // The products priced from this one (a configurable owning it, grouped products and bundles selling
    // it) follow its prices, stock and status: re-derived (again after writePrices: cheap, and the
    // stock and status written above count too) and announced with it.
    const derived = repriced || patch.stockQty !== undefined || patch.isEnabled !== undefined ? await reindexPrices(tx, [id]) : [];
    const after = await load(tx, id);
    const shown = (product: AdminProduct, key: string) =>
      key === 'description' || key === 'shortDescription'
        ? '(html)'
        : key === 'storeOverrides'
          ? auditedStoreTexts(adminProductView(product).storeOverrides, productTextKind.html)
          : adminProductView(product)[key as keyof ReturnType<typeof adminProductView>];
    await announce(ctx, tx, 'updated', after, Object.fromEntries(Object.keys(patch).map((key) => [key, { from: shown(before, key), to: shown(after, key) }])));
    for (const productId of [id, ...derived]) await ctx.notifications.publish(tx, 'catalog_product_saved', { productId });
    return after;
  });
}

export async function deleteProduct(ctx: AdminWriteContext, id: number, ifMatch?: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await load(tx, id, true);
    requireVersion(ifMatch, productEtag(before), 'product');
    const [parent] = await tx.select({ id: productLinks.productId }).from(productLinks).where(and(eq(productLinks.linkedProductId, id), eq(productLinks.linkType, 'variant')));
    if (parent) throw new AppError('conflict', 'is_variant', `Product ${id} is a variant of product ${parent.id}: remove it there (DELETE …/products/${parent.id}/variants/${id}).`);
    // Order lines keep their own copy of SKU, name and price (their product reference is set null).
    // A configurable's variants are its own: they go with it (a grouped product's members and a
    // bundle's selected products stay; its options and selections go by cascade).
    const variants = (await productType(before.type).ownedProducts?.(tx, id)) ?? [];
    await tx.delete(products).where(inArray(products.id, [id, ...variants]));
    await announce(ctx, tx, 'deleted', before, { sku: { from: before.sku, to: null } });
    await ctx.notifications.publish(tx, 'catalog_product_deleted', { productId: id, sku: before.sku, urlKey: before.urlKey });
  });
}

/**
 * Adds an uploaded image to a product (any type): first when `main` (the product's picture in
 * listings and the widget), else last. The bytes are re-encoded before anything is stored.
 */
export async function addProductImage(ctx: AdminWriteContext, id: number, upload: Uint8Array, alt: string, main: boolean): Promise<AdminProduct> {
  const stored = await storeUploadedImage(ctx.db, upload);
  return ctx.db.transaction(async (tx) => {
    await load(tx, id, true);
    const [edge] = await tx.select({ first: min(productImages.position), last: max(productImages.position) }).from(productImages).where(eq(productImages.productId, id));
    const position = main ? (edge?.first ?? 1) - 1 : (edge?.last ?? -1) + 1;
    // The same picture twice on one product is one image.
    const [image] = await tx.insert(productImages).values({ productId: id, file: stored.file, label: alt, position }).onConflictDoNothing().returning();
    if (!image) throw new AppError('conflict', 'image_taken', 'That image is already on a product.', { field: 'file' });
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
    await announce(ctx, tx, 'image_added', { id }, { image: { from: null, to: stored.file } });
    await ctx.notifications.publish(tx, 'catalog_product_saved', { productId: id });
    return load(tx, id);
  });
}

export function removeProductImage(ctx: AdminWriteContext, id: number, imageId: number): Promise<AdminProduct> {
  return ctx.db.transaction(async (tx) => {
    await load(tx, id, true);
    const [removed] = await tx.delete(productImages).where(and(eq(productImages.id, imageId), eq(productImages.productId, id))).returning();
    if (!removed) throw new AppError('not_found', 'not_found', `Product ${id} has no image ${imageId}.`);
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
    await announce(ctx, tx, 'image_removed', { id }, { image: { from: removed.file, to: null } });
    await ctx.notifications.publish(tx, 'catalog_product_saved', { productId: id });
    return load(tx, id);
  });
}

export const ImageChange = z
  .object({
    alt: z.string().trim().max(255).openapi({ description: 'Alternative text: what the picture shows.' }),
    position: z.number().int().min(0).max(999).openapi({ description: 'Its place in the order, from 0 (the product\'s picture); past the end is last.' }),
  })
  .partial()
  .strict()
  .openapi('ProductImageChange');

/** Changes one image's alternative text or its place among the product's images (0 is the main one). */
export function updateProductImage(ctx: AdminWriteContext, id: number, imageId: number, change: z.infer<typeof ImageChange>): Promise<AdminProduct> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, id, true);
    const image = before.images.find((candidate) => candidate.id === imageId);
    if (!image) throw new AppError('not_found', 'not_found', `Product ${id} has no image ${imageId}.`);
    if (change.alt !== undefined) await tx.update(productImages).set({ label: change.alt }).where(eq(productImages.id, imageId));
    if (change.position !== undefined) {
      const order = before.images.filter((candidate) => candidate.id !== imageId);
      order.splice(Math.min(change.position, order.length), 0, image);
      // Numbered afresh: positions written by uploads may be negative or have gaps.
      for (const [position, each] of order.entries()) await tx.update(productImages).set({ position }).where(eq(productImages.id, each.id));
    }
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
    await announce(ctx, tx, 'image_changed', { id }, { [`image ${imageId}`]: { from: { alt: image.label, position: before.images.indexOf(image) }, to: change } });
    await ctx.notifications.publish(tx, 'catalog_product_saved', { productId: id });
    return load(tx, id);
  });
}

/** The service in the shape the admin REST routes call (content-admin/document-routes.ts). */
export const productAdmin = {
  etag: productEtag,
  view: adminProductView,
  list: listAdminProducts,
  get: getAdminProduct,
  create: createProduct,
  update: updateProduct,
  remove: deleteProduct,
};

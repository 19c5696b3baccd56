/**
 * The product record: what the backend's catalog API answers (`/products` and `/search`: listing
 * records; `/products/{id}`: detail records with the children of their type) and what the
 * storefront keeps under `{store}:product:{urlKey}` (a listing record is a "listing stub" there).
 *
 * Prices are nullable because a module may withhold them from a caller (DECISIONS.md 30): with
 * `extensions.b2bAccess.gateFlags.hidePrice` every price of the record and of its children is null.
 * The guest view the storefront syncs normally has them.
 */
import { z } from 'zod';
import { gatedMoney, html, money, timestamp } from './fields.ts';

export const productTypes = ['simple', 'configurable', 'grouped', 'bundle', 'downloadable', 'virtual', 'giftcard'] as const;
export type ProductType = (typeof productTypes)[number];

export const stockStatuses = ['in_stock', 'out_of_stock'] as const;
const stockStatus = z.enum(stockStatuses);
export type StockStatus = (typeof stockStatuses)[number];

/** DECISIONS.md 30: what B2B Access decided for this caller and product. */
export const gateFlagsSchema = z
  .object({
    requiresLogin: z.boolean().meta({ description: 'Guests are sent to sign in instead of seeing the page.' }),
    hidePrice: z.boolean().meta({ description: 'Every price of the record and of its children is null; show hiddenPriceMessage instead.' }),
    canCheckout: z.boolean().meta({ description: 'False: add-to-cart is suppressed and the backend refuses cart additions (403 purchase_blocked).' }),
    hiddenFromListings: z.boolean().meta({ description: 'Left out of listings, category counts and search for this caller.' }),
  })
  .meta({ id: 'GateFlags' });
export type GateFlags = z.infer<typeof gateFlagsSchema>;

export const b2bAccessSchema = z
  .object({
    gateFlags: gateFlagsSchema,
    hiddenPriceMessage: z.string().meta({ description: 'Text shown instead of a withheld price.' }),
    redirectTo: z.string().nullable().meta({ description: 'Storefront path a gated product page redirects to, or null.' }),
  })
  .meta({ id: 'B2bAccess' });
export type B2bAccess = z.infer<typeof b2bAccessSchema>;

/**
 * Namespaced blocks modules add for the caller. `b2bAccess` has a fixed shape; other modules' blocks
 * (e.g. a per-company price) pass through unchecked.
 */
export const productExtensionsSchema = z
  .object({ b2bAccess: b2bAccessSchema.optional() })
  .catchall(z.unknown())
  .meta({ id: 'ProductExtensions', description: 'Modules add namespaced blocks here (DECISIONS.md 30: b2bAccess).' });
export type ProductExtensions = z.infer<typeof productExtensionsSchema>;

export const productImageSchema = z.object({ url: z.string(), label: z.string(), position: z.number().int() }).meta({ id: 'ProductImage' });
export type ProductImage = z.infer<typeof productImageSchema>;

export const configurableOptionSchema = z
  .object({
    attributeCode: z.string(),
    label: z.string(),
    values: z.array(z.object({ valueIndex: z.number().int(), label: z.string() })),
  })
  .meta({ id: 'ConfigurableOption' });
export type ConfigurableOption = z.infer<typeof configurableOptionSchema>;

const listingShape = {
  id: z.number().int(),
  sku: z.string().min(1),
  type: z.enum(productTypes),
  name: z.string(),
  urlKey: z.string().min(1),
  price: gatedMoney,
  specialPrice: gatedMoney.meta({ description: 'Null when there is no special price (or prices are withheld).' }),
  finalPrice: gatedMoney.meta({ description: 'specialPrice when set, else price.' }),
  minimalPrice: gatedMoney.meta({ description: 'Lowest purchasable price (cheapest variant, grouped member, bundle configuration).' }),
  currency: z.string().length(3).meta({ example: 'USD' }),
  stockStatus,
  qty: z.number(),
  shortDescription: html,
  description: html,
  // Optional: records a storefront stored before these fields existed lack them until the next sync.
  metaTitle: z.string().optional().meta({ description: 'Plain text for the page\'s <title>; empty: the product name.' }),
  metaDescription: z.string().optional().meta({ description: 'Plain text for the page\'s meta description; empty: the storefront\'s own.' }),
  weight: z.number().nullable().optional().meta({ description: 'Kilograms; null when not given.' }),
  imageUrl: z.string().meta({ example: '/media/catalog/product/alpine-merino-henley.svg' }),
  images: z.array(productImageSchema),
  categoryIds: z.array(z.number().int()),
  relatedSkus: z.array(z.string()),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  position: z.number().int(),
  // Optional: only configurable products carry it, and records stored before it existed lack it.
  availableOptions: z
    .array(configurableOptionSchema)
    .optional()
    .meta({
      description:
        "A configurable product's option values a shopper can buy now (those of its in-stock variants; all of its variants' values when none is in stock), on listing and detail records alike, so a listing can filter by size or colour without the variants. Absent for other types.",
    }),
  createdAt: timestamp,
  updatedAt: timestamp,
  extensions: productExtensionsSchema,
};

/** A listing record (`/products`, `/search`): no type-specific children. */
export const productListingSchema = z.object(listingShape).meta({ id: 'ProductListing' });
export type ProductListing = z.infer<typeof productListingSchema>;

/** Children that are products themselves may carry the caller's annotation too (DECISIONS.md 30). */
const childExtensions = productExtensionsSchema.optional();

export const variantSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    attributes: z.record(z.string(), z.number().int()).meta({ description: 'attributeCode → valueIndex' }),
    price: gatedMoney,
    specialPrice: gatedMoney,
    finalPrice: gatedMoney,
    stockStatus,
    qty: z.number(),
    imageUrl: z.string(),
    extensions: childExtensions,
  })
  .meta({ id: 'Variant' });
export type Variant = z.infer<typeof variantSchema>;

export const groupedMemberSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    urlKey: z.string(),
    price: gatedMoney,
    specialPrice: gatedMoney,
    finalPrice: gatedMoney,
    stockStatus,
    defaultQty: z.number(),
    imageUrl: z.string(),
    extensions: childExtensions,
  })
  .meta({ id: 'GroupedMember' });
export type GroupedMember = z.infer<typeof groupedMemberSchema>;

export const bundleSelectionSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    price: gatedMoney,
    defaultQty: z.number(),
    isDefault: z.boolean(),
    extensions: childExtensions,
  })
  .meta({ id: 'BundleSelection' });
export type BundleSelection = z.infer<typeof bundleSelectionSchema>;

export const bundleOptionSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    type: z.enum(['select', 'radio', 'checkbox', 'multi']),
    required: z.boolean(),
    position: z.number().int(),
    selections: z.array(bundleSelectionSchema),
  })
  .meta({ id: 'BundleOption' });
export type BundleOption = z.infer<typeof bundleOptionSchema>;

export const downloadableLinkSchema = z
  .object({ id: z.number().int(), title: z.string(), price: gatedMoney, sampleUrl: z.string().nullable(), sortOrder: z.number().int() })
  .meta({ id: 'DownloadableLink' });
export type DownloadableLink = z.infer<typeof downloadableLinkSchema>;

export const giftcardTypes = ['virtual', 'physical', 'combined'] as const;

/** The type-specific children; present on detail records of the matching type only (`childKeysOfType`). */
const childShape = {
  configurableOptions: z.array(configurableOptionSchema).optional(),
  variants: z.array(variantSchema).optional(),
  groupedProducts: z.array(groupedMemberSchema).optional(),
  bundleOptions: z.array(bundleOptionSchema).optional(),
  downloadableLinks: z.array(downloadableLinkSchema).optional(),
  giftcardType: z.enum(giftcardTypes).optional(),
  giftcardAmounts: z.array(money).nullable().optional().meta({ description: "The store view's amounts; null when prices are withheld." }),
  allowOpenAmount: z.boolean().optional(),
  openAmountMin: gatedMoney.optional(),
  openAmountMax: gatedMoney.optional(),
};
export type ProductChildren = z.infer<z.ZodObject<typeof childShape>>;

/** A detail record (`/products/{id}`), and the product record the storefront stores. */
export const productDetailSchema = z.object({ ...listingShape, ...childShape }).meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Which children each type's detail record carries; listing records carry none. */
export const childKeysOfType: Record<ProductType, readonly (keyof ProductChildren)[]> = {
  simple: [],
  virtual: [],
  configurable: ['configurableOptions', 'variants'],
  grouped: ['groupedProducts'],
  bundle: ['bundleOptions'],
  downloadable: ['downloadableLinks'],
  giftcard: ['giftcardType', 'giftcardAmounts', 'allowOpenAmount', 'openAmountMin', 'openAmountMax'],
};

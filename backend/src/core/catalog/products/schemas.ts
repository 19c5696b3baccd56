import { z } from '@hono/zod-openapi';
import { productTypes } from '../../db/schema/index.ts';
import { Timestamp } from '../../http/schemas.ts';

const StockStatus = z.enum(['in_stock', 'out_of_stock']);
const AttributeValue = z.union([z.string(), z.number(), z.boolean()]);

export const ProductImageSchema = z.object({ url: z.string(), label: z.string(), position: z.number().int() }).openapi('ProductImage');

const listingShape = {
  id: z.number().int(),
  sku: z.string(),
  type: z.enum(productTypes),
  name: z.string(),
  urlKey: z.string(),
  price: z.number(),
  specialPrice: z.number().nullable(),
  finalPrice: z.number().openapi({ description: 'specialPrice when set, else price.' }),
  minimalPrice: z.number().openapi({ description: 'Lowest purchasable price (cheapest variant, grouped member, bundle configuration).' }),
  currency: z.string().openapi({ example: 'USD' }),
  stockStatus: StockStatus,
  qty: z.number(),
  shortDescription: z.string().openapi({ description: 'HTML' }),
  description: z.string().openapi({ description: 'HTML' }),
  imageUrl: z.string().openapi({ example: '/media/catalog/product/alpine-merino-henley.svg' }),
  images: z.array(ProductImageSchema),
  categoryIds: z.array(z.number().int()),
  relatedSkus: z.array(z.string()),
  attributes: z.record(z.string(), AttributeValue),
  position: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  extensions: z.record(z.string(), z.unknown()).openapi({ description: 'Modules add namespaced blocks here.' }),
};

export const ProductListingSchema = z.strictObject(listingShape).openapi('ProductListing');

export const ConfigurableOptionSchema = z
  .object({
    attributeCode: z.string(),
    label: z.string(),
    values: z.array(z.object({ valueIndex: z.number().int(), label: z.string() })),
  })
  .openapi('ConfigurableOption');

export const VariantSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    attributes: z.record(z.string(), z.number().int()).openapi({ description: 'attributeCode → valueIndex' }),
    price: z.number(),
    specialPrice: z.number().nullable(),
    finalPrice: z.number(),
    stockStatus: StockStatus,
    qty: z.number(),
    imageUrl: z.string(),
  })
  .openapi('Variant');

export const GroupedMemberSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    urlKey: z.string(),
    price: z.number(),
    specialPrice: z.number().nullable(),
    finalPrice: z.number(),
    stockStatus: StockStatus,
    defaultQty: z.number(),
    imageUrl: z.string(),
  })
  .openapi('GroupedMember');

export const BundleOptionSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    type: z.enum(['select', 'radio', 'checkbox', 'multi']),
    required: z.boolean(),
    position: z.number().int(),
    selections: z.array(
      z.object({
        id: z.number().int(),
        sku: z.string(),
        name: z.string(),
        price: z.number(),
        defaultQty: z.number(),
        isDefault: z.boolean(),
      }),
    ),
  })
  .openapi('BundleOption');

export const DownloadableLinkSchema = z
  .object({ id: z.number().int(), title: z.string(), price: z.number(), sampleUrl: z.string().nullable(), sortOrder: z.number().int() })
  .openapi('DownloadableLink');

/** The type-specific children; present on detail records of the matching type only. */
export const childShape = {
  configurableOptions: z.array(ConfigurableOptionSchema).optional(),
  variants: z.array(VariantSchema).optional(),
  groupedProducts: z.array(GroupedMemberSchema).optional(),
  bundleOptions: z.array(BundleOptionSchema).optional(),
  downloadableLinks: z.array(DownloadableLinkSchema).optional(),
  giftcardType: z.enum(['virtual', 'physical', 'combined']).optional(),
  giftcardAmounts: z.array(z.number()).optional(),
  allowOpenAmount: z.boolean().optional(),
  openAmountMin: z.number().nullable().optional(),
  openAmountMax: z.number().nullable().optional(),
};

export const ProductDetailSchema = z.strictObject({ ...listingShape, ...childShape }).openapi('ProductDetail');

export type ProductListing = z.infer<typeof ProductListingSchema>;
export type ProductChildren = z.infer<z.ZodObject<typeof childShape>>;
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
export type Variant = z.infer<typeof VariantSchema>;
export type GroupedMember = z.infer<typeof GroupedMemberSchema>;
export type BundleOption = z.infer<typeof BundleOptionSchema>;
export type DownloadableLink = z.infer<typeof DownloadableLinkSchema>;
export type ConfigurableOption = z.infer<typeof ConfigurableOptionSchema>;

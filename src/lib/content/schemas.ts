/**
 * zod schemas of the records the backend sends and the storefront keeps in KV.
 * The sync validates every record with these before writing it; pages parse what they read,
 * so a malformed record is reported instead of rendered.
 */
import { z } from 'zod';

/** Backend timestamps: "YYYY-MM-DD HH:MM:SS" (UTC). Kept as text; agents convert them later. */
const timestamp = z.string();
const html = z.string();
const money = z.number().finite();

export const storeConfigSchema = z.object({
  storeCode: z.string().min(1),
  storeName: z.string(),
  description: z.string(),
  baseCurrencyCode: z.string().length(3),
  locale: z.string().min(2),
  timezone: z.string().optional(),
  defaultCountry: z.string(),
  allowedCountries: z.array(z.string()),
  logoUrl: z.string().nullable(),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
  contactEmail: z.string().optional(),
  productsPerPage: z.number().int().positive().optional(),
  extensions: z.record(z.string(), z.unknown()).default({}),
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;

/**
 * A B2B module registered at sync time in `extensions.b2bPlugins` of the store config (SPEC.md
 * "B2B integration contract"): `script` is omitted when the module ships none.
 */
export const b2bPluginManifestSchema = z.object({
  code: z.string().min(1),
  script: z.string().min(1).optional(),
  config: z.record(z.string(), z.unknown()),
});
export type B2bPluginManifest = z.infer<typeof b2bPluginManifestSchema>;

export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  description: string;
  urlKey: string;
  urlPath: string;
  level: number;
  position: number;
  isActive: boolean;
  includeInMenu: boolean;
  productCount: number;
  imageUrl?: string | null;
  children: CategoryNode[];
  updatedAt: string;
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    description: html,
    urlKey: z.string().min(1),
    urlPath: z.string().min(1),
    level: z.number().int(),
    position: z.number().int(),
    isActive: z.boolean(),
    includeInMenu: z.boolean(),
    productCount: z.number().int().nonnegative(),
    imageUrl: z.string().nullable().optional(),
    children: z.array(categoryNodeSchema),
    updatedAt: timestamp,
  }),
);
export const categoryTreeSchema = z.array(categoryNodeSchema);

const imageSchema = z.object({ url: z.string(), label: z.string(), position: z.number().int() });

const configurableOptionSchema = z.object({
  attributeCode: z.string(),
  label: z.string(),
  values: z.array(z.object({ valueIndex: z.number().int(), label: z.string() })),
});
const variantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  attributes: z.record(z.string(), z.number().int()),
  price: money,
  specialPrice: money.nullable(),
  finalPrice: money,
  stockStatus: z.string(),
  qty: z.number(),
  imageUrl: z.string(),
});
const groupedItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  urlKey: z.string(),
  price: money,
  specialPrice: money.nullable(),
  finalPrice: money,
  stockStatus: z.string(),
  defaultQty: z.number(),
  imageUrl: z.string(),
});
const bundleOptionSchema = z.object({
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
      price: money,
      defaultQty: z.number(),
      isDefault: z.boolean(),
    }),
  ),
});
const downloadableLinkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: money,
  sampleUrl: z.string().nullable(),
  sortOrder: z.number().int(),
});

export const productTypes = [
  'simple',
  'configurable',
  'grouped',
  'bundle',
  'downloadable',
  'virtual',
  'giftcard',
] as const;

/**
 * One product. Prices are nullable because a B2B module may withhold them from a caller
 * (SPEC.md "B2B product annotation"); the guest view the sync stores normally has them.
 */
export const productSchema = z.object({
  id: z.number().int(),
  sku: z.string().min(1),
  type: z.enum(productTypes),
  name: z.string(),
  urlKey: z.string().min(1),
  price: money.nullable(),
  specialPrice: money.nullable(),
  finalPrice: money.nullable(),
  minimalPrice: money.nullable().optional(),
  currency: z.string().optional(),
  stockStatus: z.string(),
  qty: z.number().optional(),
  shortDescription: html,
  description: html,
  imageUrl: z.string(),
  images: z.array(imageSchema),
  categoryIds: z.array(z.number().int()),
  relatedSkus: z.array(z.string()).default([]),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  position: z.number().int().optional(),
  createdAt: timestamp.optional(),
  updatedAt: timestamp,
  extensions: z.record(z.string(), z.unknown()).default({}),
  configurableOptions: z.array(configurableOptionSchema).optional(),
  variants: z.array(variantSchema).optional(),
  groupedProducts: z.array(groupedItemSchema).optional(),
  bundleOptions: z.array(bundleOptionSchema).optional(),
  downloadableLinks: z.array(downloadableLinkSchema).optional(),
  giftcardType: z.enum(['virtual', 'physical', 'combined']).optional(),
  giftcardAmounts: z.array(money).optional(),
  allowOpenAmount: z.boolean().optional(),
  openAmountMin: money.nullable().optional(),
  openAmountMax: money.nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;
export type ProductType = Product['type'];

/** What a listing page holds per product: enough for a card, nothing more. */
export const productCardSchema = productSchema.pick({
  id: true,
  sku: true,
  type: true,
  name: true,
  urlKey: true,
  price: true,
  specialPrice: true,
  finalPrice: true,
  minimalPrice: true,
  stockStatus: true,
  imageUrl: true,
  position: true,
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const listingPageSchema = z.object({
  categoryId: z.number().int(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  totalItems: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  products: z.array(productCardSchema),
});
export type ListingPage = z.infer<typeof listingPageSchema>;

export const cmsPageSchema = z.object({
  id: z.number().int(),
  identifier: z.string().min(1),
  title: z.string(),
  contentHeading: z.string().nullable().optional(),
  content: html,
  metaTitle: z.string().nullable().optional(),
  metaDescription: z.string().nullable().optional(),
  isActive: z.boolean().optional(),
  updatedAt: timestamp,
});
export type CmsPage = z.infer<typeof cmsPageSchema>;

export const blogPostSchema = z.object({
  id: z.number().int(),
  identifier: z.string().min(1),
  title: z.string(),
  excerpt: z.string(),
  content: html,
  author: z.string().nullable().optional(),
  publishedAt: timestamp.nullable().optional(),
  featuredImageUrl: z.string().nullable().optional(),
  tags: z.array(z.string()).default([]),
  updatedAt: timestamp,
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const countrySchema = z.object({
  id: z.string().min(2),
  name: z.string(),
  regions: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});
export const countryListSchema = z.array(countrySchema);
export type Country = z.infer<typeof countrySchema>;

export const pulseSchema = z.object({
  hash: z.string(),
  updatedAt: z.string(),
  /** Per store and entity type digests; a partial sync recomputes `hash` from these. */
  digests: z.record(z.string(), z.string()).default({}),
});
export type Pulse = z.infer<typeof pulseSchema>;

/** KV metadata kept on each product key, so listings of keys (the sitemap) need no reads. */
export const productKeyMetadataSchema = z.object({ updatedAt: z.string() });

import { z } from 'zod';

/*
 * The record contract agreed with the storefront (/tmp/contract.md at the time of issue 2), written
 * out independently of the route schemas in src/ so that drifting from it fails a test. Strict objects:
 * an extra or missing key is a contract change.
 */

const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const stockStatus = z.enum(['in_stock', 'out_of_stock']);
const mediaUrl = z.string().regex(/^\/media\/[a-z0-9/_.-]+\.svg$/);

export const ErrorBody = z.strictObject({ error: z.string().regex(/^[a-z][a-z0-9_]*$/), message: z.string().min(1), details: z.unknown().optional() });

export const StoreList = z.strictObject({
  member: z.array(z.strictObject({ code: z.string(), name: z.string(), isDefault: z.boolean(), baseCurrencyCode: z.string(), locale: z.string() })),
  totalItems: z.number(),
});

export const StoreConfig = z.strictObject({
  storeCode: z.string(),
  storeName: z.string(),
  description: z.string(),
  baseCurrencyCode: z.string(),
  locale: z.string(),
  timezone: z.string(),
  defaultCountry: z.string(),
  allowedCountries: z.array(z.string()),
  logoUrl: z.string().nullable(),
  accentColor: z.string().regex(/^#[0-9a-f]{6}$/i),
  contactEmail: z.string(),
  productsPerPage: z.number(),
  extensions: z.record(z.string(), z.unknown()),
});

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
  imageUrl: string | null;
  children: CategoryNode[];
  updatedAt: string;
}
export const CategoryNodeSchema: z.ZodType<CategoryNode> = z.strictObject({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  urlKey: z.string(),
  urlPath: z.string(),
  level: z.number().int().min(1).max(3),
  position: z.number(),
  isActive: z.boolean(),
  includeInMenu: z.boolean(),
  productCount: z.number().int(),
  imageUrl: mediaUrl.nullable(),
  get children() {
    return z.array(CategoryNodeSchema);
  },
  updatedAt: timestamp,
});
export const CategoryTree = z.strictObject({ member: z.array(CategoryNodeSchema), totalItems: z.number() });

export const listingShape = {
  id: z.number().int(),
  sku: z.string(),
  type: z.enum(['simple', 'configurable', 'grouped', 'bundle', 'downloadable', 'virtual', 'giftcard']),
  name: z.string(),
  urlKey: z.string(),
  price: z.number(),
  specialPrice: z.number().nullable(),
  finalPrice: z.number(),
  minimalPrice: z.number(),
  currency: z.string(),
  stockStatus,
  qty: z.number(),
  shortDescription: z.string(),
  description: z.string(),
  imageUrl: mediaUrl,
  images: z.array(z.strictObject({ url: mediaUrl, label: z.string(), position: z.number() })),
  categoryIds: z.array(z.number().int()),
  relatedSkus: z.array(z.string()),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  position: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  extensions: z.record(z.string(), z.unknown()),
};
export const ProductListing = z.strictObject(listingShape);

const priced = { price: z.number(), specialPrice: z.number().nullable(), finalPrice: z.number() };
export const ProductDetail = z.strictObject({
  ...listingShape,
  configurableOptions: z
    .array(z.strictObject({ attributeCode: z.string(), label: z.string(), values: z.array(z.strictObject({ valueIndex: z.number(), label: z.string() })) }))
    .optional(),
  variants: z
    .array(
      z.strictObject({
        id: z.number(),
        sku: z.string(),
        name: z.string(),
        attributes: z.record(z.string(), z.number()),
        ...priced,
        stockStatus,
        qty: z.number(),
        imageUrl: mediaUrl,
      }),
    )
    .optional(),
  groupedProducts: z
    .array(z.strictObject({ id: z.number(), sku: z.string(), name: z.string(), urlKey: z.string(), ...priced, stockStatus, defaultQty: z.number(), imageUrl: mediaUrl }))
    .optional(),
  bundleOptions: z
    .array(
      z.strictObject({
        id: z.number(),
        title: z.string(),
        type: z.enum(['select', 'radio', 'checkbox', 'multi']),
        required: z.boolean(),
        position: z.number(),
        selections: z.array(
          z.strictObject({ id: z.number(), sku: z.string(), name: z.string(), price: z.number(), defaultQty: z.number(), isDefault: z.boolean() }),
        ),
      }),
    )
    .optional(),
  downloadableLinks: z
    .array(z.strictObject({ id: z.number(), title: z.string(), price: z.number(), sampleUrl: z.string().nullable(), sortOrder: z.number() }))
    .optional(),
  giftcardType: z.enum(['virtual', 'physical', 'combined']).optional(),
  giftcardAmounts: z.array(z.number()).optional(),
  allowOpenAmount: z.boolean().optional(),
  openAmountMin: z.number().nullable().optional(),
  openAmountMax: z.number().nullable().optional(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const collection = <T extends z.ZodType>(member: T) =>
  z.strictObject({ member: z.array(member), totalItems: z.number().int(), page: z.number().int(), itemsPerPage: z.number().int() });

export const ProductCollection = collection(ProductListing);

export const CmsPage = z.strictObject({
  id: z.number(),
  identifier: z.string(),
  title: z.string(),
  contentHeading: z.string(),
  content: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  isActive: z.boolean(),
  updatedAt: timestamp,
});

export const BlogPost = z.strictObject({
  id: z.number(),
  identifier: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  author: z.string(),
  publishedAt: timestamp,
  featuredImageUrl: mediaUrl.nullable(),
  tags: z.array(z.string()),
  updatedAt: timestamp,
});

export const CountryList = z.strictObject({
  member: z.array(
    z.strictObject({
      id: z.string().length(2),
      name: z.string(),
      regions: z.array(z.strictObject({ id: z.number(), code: z.string(), name: z.string() })),
    }),
  ),
  totalItems: z.number(),
});

/** Child keys per type on detail records (contract: absent on listings). */
export const childKeysOfType: Record<ProductDetail['type'], string[]> = {
  simple: [],
  virtual: [],
  configurable: ['configurableOptions', 'variants'],
  grouped: ['groupedProducts'],
  bundle: ['bundleOptions'],
  downloadable: ['downloadableLinks'],
  giftcard: ['giftcardType', 'giftcardAmounts', 'allowOpenAmount', 'openAmountMin', 'openAmountMax'],
};

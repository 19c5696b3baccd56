/**
 * zod schemas of the records the storefront keeps in KV. The catalog records (store config,
 * categories, products, CMS pages, blog posts, countries) are the shared contracts in `contracts/`,
 * the same schemas the backend answers with; this module adds the records only the storefront has
 * (listing pages, pulse, key metadata, B2B manifests). The sync validates every record with these
 * before writing it; pages parse what they read, so a malformed record is reported, not rendered.
 */
import { z } from 'zod';
import { publicFormSchema } from '../../../contracts/custom-form.ts';
import { b2bAccessSchema, productDetailSchema, type ProductDetail } from '../../../contracts/product.ts';

export { storeConfigSchema, type StoreConfig } from '../../../contracts/store-config.ts';
export { categoryNodeSchema, categoryTreeSchema, type CategoryNode } from '../../../contracts/category.ts';
export { cmsPageSchema, type CmsPage } from '../../../contracts/cms-page.ts';
export { blogPostSchema, type BlogPost } from '../../../contracts/blog-post.ts';
export { countryListSchema, countrySchema, type Country } from '../../../contracts/country.ts';
export { productListingSchema, productTypes, type B2bAccess, type ConfigurableOption, type GateFlags, type ProductType, type StockStatus } from '../../../contracts/product.ts';

/**
 * One product as stored under `{store}:product:{urlKey}`: the backend's detail record, or its
 * listing record (a "listing stub": the children of its type missing) until a page view completes it.
 */
export const productSchema = productDetailSchema;
export type Product = ProductDetail;

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

/**
 * The access module's login wall as its discovery answer states it (DECISIONS.md 27, 43), kept in
 * the access manifest's config: whether it covers the whole store for guests, its target and the
 * pages it leaves open, all storefront paths.
 */
export const loginWallSchema = z.object({
  storeWide: z.boolean(),
  redirectTo: z.string().startsWith('/'),
  exemptPaths: z.array(z.string().startsWith('/')),
});
export type LoginWall = z.infer<typeof loginWallSchema>;

/**
 * What a listing page holds per product: enough for a card, nothing more. Of the modules'
 * extensions only the B2B Access block is kept: it decides whether the card may show a price.
 */
export const productCardSchema = productDetailSchema
  .pick({
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
  })
  .extend({ extensions: z.object({ b2bAccess: b2bAccessSchema.optional() }).optional() });
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

/**
 * A category's facet index, kept under `{store}:facets:category:{id}` (lib/catalog/facet-index.ts):
 * the filters its layered navigation offers and, per member in listing order (the product at
 * position i sits on listing page floor(i / pageSize) + 1), what the filters and the orders need.
 */
export const facetIndexSchema = z.object({
  categoryId: z.number().int(),
  pageSize: z.number().int().positive(),
  facets: z.array(
    z.object({
      /** The attribute code, which is also the filter's query parameter. */
      code: z.string().min(1),
      label: z.string(),
      values: z.array(z.object({ slug: z.string().min(1), label: z.string() })),
    }),
  ),
  /** Width of the price ranges; null when the listing offers no price filter (a price is hidden on it). */
  priceStep: z.number().positive().nullable(),
  products: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** The price the card shows; null for every member when any price is hidden. */
      price: z.number().nullable(),
      inStock: z.boolean(),
      /** Per facet (same order as `facets`), the indexes of the values the product has. */
      values: z.array(z.array(z.number().int().nonnegative())),
    }),
  ),
});
export type FacetIndex = z.infer<typeof facetIndexSchema>;

export const pulseSchema = z.object({
  hash: z.string(),
  updatedAt: z.string(),
  /** Per store and entity type digests; a partial sync recomputes `hash` from these. */
  digests: z.record(z.string(), z.string()).default({}),
});
export type Pulse = z.infer<typeof pulseSchema>;

/** KV metadata kept on each product key, so listings of keys (the sitemap) need no reads. */
export const productKeyMetadataSchema = z.object({ updatedAt: z.string() });

/**
 * Old storefront paths of a kind's records and where they moved (the backend's `/url-redirects`),
 * kept under `{store}:redirects:{entity}`: `{"/old-path": "/new-path"}`.
 */
export const urlRedirectSchema = z.object({ from: z.string().startsWith('/'), to: z.string().startsWith('/'), entity: z.enum(['product', 'category']) });
export type UrlRedirect = z.infer<typeof urlRedirectSchema>;
export type RedirectEntity = UrlRedirect['entity'];
export const redirectMapSchema = z.record(z.string(), z.string());

/** The value of a `{store}:sku-index:{bucket}` key: SKU → urlKey of the products in that bucket. */
export const skuIndexSchema = z.record(z.string(), z.string().min(1));
export type SkuIndexBucket = z.infer<typeof skuIndexSchema>;

/** The value of a `{store}:index:{kind}` key: the names of the kind's synced records, sorted. */
export const recordIndexSchema = z.array(z.string());

/**
 * A Custom Forms form as kept under `{store}:form:{code}`: the public schema without its render
 * token, which is issued per response at the edge (a token stored here would change the content
 * hash, and so the pulse, on every sync).
 */
export const storedFormSchema = publicFormSchema.omit({ renderToken: true });
export type StoredForm = z.infer<typeof storedFormSchema>;

/**
 * The product record is the shared contract (contracts/product.ts: the storefront validates what it
 * syncs with the same schemas). This module names the catalog's answers built from it and passes
 * the record types on to the backend's catalog code.
 */
import { productListingSchema } from '../../../../../contracts/product.ts';
import { collectionOf } from '../../../platform/http/schemas.ts';

export type {
  BundleOption,
  ConfigurableOption,
  DownloadableLink,
  GroupedMember,
  ProductChildren,
  ProductDetail,
  ProductListing,
  Variant,
} from '../../../../../contracts/product.ts';

export const ProductCollectionSchema = collectionOf(productListingSchema, 'ProductCollection');
export const SearchResultsSchema = collectionOf(productListingSchema, 'SearchResults');

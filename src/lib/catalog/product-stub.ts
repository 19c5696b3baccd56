import type { Product } from '../content/schemas.ts';

/**
 * A listing-view record lacks the child arrays of its type (SPEC.md "Product record with
 * type-specific children"); such a stub must be completed from the detail route before rendering.
 */
export function isListingStub(product: Product): boolean {
  switch (product.type) {
    case 'configurable':
      return !product.configurableOptions?.length;
    case 'grouped':
      return !product.groupedProducts?.length;
    case 'bundle':
      return !product.bundleOptions?.length;
    case 'downloadable':
      return !product.downloadableLinks?.length;
    case 'giftcard':
      return product.giftcardType === undefined;
    default:
      return false;
  }
}

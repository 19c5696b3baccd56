/** Pure shaping of a product record for its page and cards: links, gallery, stock, children. */
import type { Product } from '../content/schemas.ts';
import { safeImageUrl } from '../format/url.ts';
import { attributeLabel } from './attribute-label.ts';

/** Root-relative URL of a product page: `/{urlKey}`. */
export function productHref(urlKey: string): string {
  return `/${encodeURIComponent(urlKey)}`;
}

export function isInStock(stockStatus: string): boolean {
  return stockStatus === 'in_stock';
}

/**
 * Whether the product can be bought at all. A configurable sells its variants, so with its variant
 * list at hand (a detail record) it is in stock only when one of its variants is, whatever its own
 * figure says; other types (and listing stubs) go by their own stock status.
 */
export function productInStock(product: Pick<Product, 'type' | 'stockStatus' | 'variants'>): boolean {
  if (product.type === 'configurable' && product.variants !== undefined) return product.variants.some((variant) => isInStock(variant.stockStatus));
  return isInStock(product.stockStatus);
}

export interface GalleryImage {
  url: string;
  alt: string;
}

/**
 * The product's images in position order without duplicates or unsafe URLs; the main image when
 * it has none.
 */
export function productGallery(product: Pick<Product, 'name' | 'imageUrl' | 'images'>): GalleryImage[] {
  const seen = new Set<string>();
  const images: GalleryImage[] = [];
  for (const image of [...product.images].sort((a, b) => a.position - b.position)) {
    const url = safeImageUrl(image.url);
    if (url === null || seen.has(url)) continue;
    seen.add(url);
    images.push({ url, alt: image.label.trim() || product.name });
  }
  const main = safeImageUrl(product.imageUrl);
  if (images.length === 0 && main) return [{ url: main, alt: product.name }];
  return images;
}

export interface Specification {
  label: string;
  value: string;
}

/** The product's attributes as label/value rows ("WeightKg" → "Weight (kg)": attribute-label.ts); booleans as Yes/No. */
export function specifications(attributes: Product['attributes']): Specification[] {
  return Object.entries(attributes)
    .filter(([, value]) => value !== '')
    .map(([code, value]) => ({
      label: attributeLabel(code),
      value: typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value),
    }));
}

export const productTypeLabels: Record<Product['type'], string> = {
  simple: 'Product',
  configurable: 'Product with options',
  grouped: 'Set',
  bundle: 'Bundle',
  downloadable: 'Digital download',
  virtual: 'Service',
  giftcard: 'Gift card',
};

/** Bundle options and their selections, in position order. */
export function sortedBundleOptions(options: NonNullable<Product['bundleOptions']>): NonNullable<Product['bundleOptions']> {
  return [...options].sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Downloadable links in the merchant's sort order. */
export function sortedDownloadableLinks(
  links: NonNullable<Product['downloadableLinks']>,
): NonNullable<Product['downloadableLinks']> {
  return [...links].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

export const giftcardTypeLabels: Record<NonNullable<Product['giftcardType']>, string> = {
  virtual: 'Delivered by email',
  physical: 'Shipped as a physical card',
  combined: 'Delivered by email and as a physical card',
};

export interface OptionChoice {
  attributeCode: string;
  label: string;
  values: Array<{ valueIndex: number; label: string; available: boolean }>;
}

/**
 * The configurable options with, per value, whether any in-stock variant has it: a value whose every
 * combination is out of stock (or not sold at all) is sold out. Without a variant list (a listing
 * stub) nothing is known to be sold out, so every value is available.
 */
export function configurableChoices(product: Pick<Product, 'configurableOptions' | 'variants'>): OptionChoice[] {
  const variants = product.variants;
  return (product.configurableOptions ?? []).map((option) => ({
    attributeCode: option.attributeCode,
    label: option.label,
    values: option.values.map((value) => ({
      valueIndex: value.valueIndex,
      label: value.label,
      available:
        variants === undefined ||
        variants.some(
          (variant) => variant.attributes[option.attributeCode] === value.valueIndex && isInStock(variant.stockStatus),
        ),
    })),
  }));
}

/** The product's brand attribute, when it has a textual one (shown above the name). */
export function productBrand(attributes: Product['attributes']): string | null {
  const brand = attributes.brand ?? attributes.manufacturer;
  return typeof brand === 'string' && brand.trim() !== '' ? brand : null;
}

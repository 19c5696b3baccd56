/**
 * schema.org Product JSON-LD for a product page (search engines' rich results). It is data, not
 * script, so the CSP's `script-src 'self'` does not apply to it.
 */
import type { Product } from '../content/schemas.ts';

export interface JsonLdContext {
  /** Absolute URL of the product page. */
  url: string;
  /** Absolute URL of the main image, when there is one. */
  imageUrl: string | null;
  currency: string;
  brand: string | null;
  /** The price shown to guests; null when withheld (a B2B-hidden price has no offer). */
  price: number | null;
}

export function productJsonLd(product: Pick<Product, 'name' | 'sku' | 'stockStatus' | 'shortDescription'>, context: JsonLdContext): Record<string, unknown> {
  const description = stripTags(product.shortDescription ?? '');
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    url: context.url,
    ...(context.imageUrl ? { image: [context.imageUrl] } : {}),
    ...(description ? { description } : {}),
    ...(context.brand ? { brand: { '@type': 'Brand', name: context.brand } } : {}),
    ...(context.price !== null
      ? {
          offers: {
            '@type': 'Offer',
            url: context.url,
            price: context.price.toFixed(2),
            priceCurrency: context.currency,
            availability: product.stockStatus === 'in_stock' ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          },
        }
      : {}),
  };
}

/** JSON safe inside a `<script>` element: no `</script>` or HTML comment can be formed. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
}

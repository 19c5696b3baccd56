import { describe, expect, it } from 'vitest';
import { productJsonLd, scriptSafeJson } from './structured-data.ts';

const product = { name: 'Tee', sku: 'T-1', stockStatus: 'in_stock' as const, shortDescription: '<p>Soft <b>cotton</b></p>' };
const context = { url: 'https://shop.test/tee', imageUrl: null, currency: 'EUR', brand: 'Acme', price: 19.5 };

describe('productJsonLd', () => {
  it('describes the product with an offer', () => {
    expect(productJsonLd(product, context)).toMatchObject({
      '@type': 'Product',
      description: 'Soft cotton',
      brand: { name: 'Acme' },
      offers: { price: '19.50', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
  });

  it('leaves the offer out when the price is withheld', () => {
    expect(productJsonLd(product, { ...context, price: null })).not.toHaveProperty('offers');
  });

  it('cannot close its script element', () => {
    expect(scriptSafeJson({ name: '</script><script>x' })).not.toContain('</');
  });
});

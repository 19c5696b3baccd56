/**
 * The leak crawler's detector on pages that leak: it must catch a template that prints a gated
 * product's `finalPrice` unconditionally (in the price block, the JSON-LD offer, the meta tags or
 * the markdown), in every store format, and a product hidden from guests; and pass a clean page.
 */
import { describe, expect, it } from 'vitest';
import { markdownPriceFormatter, priceFormatter } from '../src/lib/format/price.ts';
import { findLeaks, priceSpellings, type GuestSecrets } from './support/guest-leaks.ts';

const finalPrice = 7391.37;
const secrets: GuestSecrets = { prices: [finalPrice], products: [{ sku: 'WO-CANARY-1', name: 'Canary Pallet Wrap', urlKey: 'canary-pallet-wrap' }] };

/** A product page as a careless template renders it: the message, and the price printed anyway. */
function productPage(priceBlock: string, head = ''): string {
  return `<!doctype html><html><head>${head}</head><body><h1>Bulk gloves</h1>
    <p class="price price--hidden" data-price-hidden><a href="/login?returnTo=%2Fbulk-gloves">Trade prices for trade accounts</a></p>
    ${priceBlock}</body></html>`;
}

describe('findLeaks', () => {
  it('catches a finalPrice printed unconditionally, in the formats the stores use', () => {
    for (const format of [priceFormatter('en_US', 'USD'), priceFormatter('en_AU', 'AUD'), priceFormatter('de_DE', 'EUR'), priceFormatter('fr_FR', 'EUR')]) {
      const html = productPage(`<span class="now">${format(finalPrice)}</span>`);
      expect(findLeaks('/bulk-gloves', html, secrets).map((leak) => leak.kind), format(finalPrice)).toEqual(['price']);
    }
    const markdown = `# Bulk gloves\n\n- Price: ${markdownPriceFormatter('en_US', 'USD')(finalPrice)}\n`;
    expect(findLeaks('/bulk-gloves.md', markdown, secrets)).toHaveLength(1);
  });

  it('catches the price in JSON-LD offers, Open Graph tags, data attributes and entity-encoded text', () => {
    const jsonLd = `<script type="application/ld+json">{"@type":"Product","offers":{"@type":"Offer","price":${finalPrice},"priceCurrency":"USD"}}</script>`;
    expect(findLeaks('/p', productPage('', jsonLd), secrets)).toHaveLength(1);
    expect(findLeaks('/p', productPage('', `<meta property="product:price:amount" content="${finalPrice}">`), secrets)).toHaveLength(1);
    expect(findLeaks('/p', productPage(`<div data-price-cents="739137"></div>`), secrets)).toHaveLength(1);
    expect(findLeaks('/p', productPage(`<span>7&#160;391,37&nbsp;€</span>`), secrets)).toHaveLength(1);
    expect(findLeaks('/api/search', JSON.stringify({ member: [{ sku: 'TS-1', finalPrice }] }), secrets)).toHaveLength(1);
  });

  it('catches a hidden product by SKU, name or link', () => {
    expect(findLeaks('/c', productPage('<a href="/canary-pallet-wrap">More</a>'), secrets).map((leak) => leak.needle)).toEqual(['/canary-pallet-wrap']);
    expect(findLeaks('/c.md', '- [Canary Pallet Wrap](https://shop.example/x)', secrets)).toHaveLength(1);
    expect(findLeaks('/sitemap.xml', '<loc>https://shop.example/x</loc><!-- WO-CANARY-1 -->', secrets)).toHaveLength(1);
  });

  it('passes the page the templates really render: the message, no price, no hidden product', () => {
    expect(findLeaks('/bulk-gloves', productPage('<p>$19.00</p>'), secrets)).toEqual([]);
  });

  it('spells an amount every way a formatter may', () => {
    expect(priceSpellings(1234567.8)).toEqual(expect.arrayContaining(['1234567.80', '1,234,567.80', '1.234.567,80', '1 234 567,80', '1\u202f234\u202f567,80', '123456780']));
    expect(priceSpellings(47.35)).not.toContain('4735');
  });
});

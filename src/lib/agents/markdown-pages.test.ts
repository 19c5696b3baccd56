import { marked, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import type { BlogPost } from '../content/schemas.ts';
import { markdownPriceFormatter, priceFormatter } from '../format/price.ts';
import {
  blogIndexMarkdown,
  blogPostMarkdown,
  categoryMarkdown,
  cmsMarkdown,
  homeMarkdown,
  notFoundMarkdown,
  productMarkdown,
  searchMarkdown,
} from './markdown-pages.ts';
import { category, cmsPage, gated, listingOf, product, storeConfig } from './test-support.ts';

const context = { origin: 'https://shop.example', formatPrice: priceFormatter('en_US', 'USD') };

describe('productMarkdown', () => {
  it('lists name, SKU, sale and regular price, stock, descriptions, options and gallery', () => {
    const markdown = productMarkdown(
      product({
        type: 'configurable',
        configurableOptions: [{ attributeCode: 'size', label: 'Size', values: [{ valueIndex: 1, label: 'S' }, { valueIndex: 2, label: 'M' }] }],
        variants: [
          { id: 2, sku: 'TEE-1-S', name: 'S', attributes: { size: 1 }, price: 30, specialPrice: null, finalPrice: 30, stockStatus: 'in_stock', qty: 1, imageUrl: '' },
          { id: 3, sku: 'TEE-1-M', name: 'M', attributes: { size: 2 }, price: 30, specialPrice: null, finalPrice: 30, stockStatus: 'out_of_stock', qty: 0, imageUrl: '' },
        ],
      }),
      context,
    );
    expect(markdown).toContain('# Blue tee\n');
    expect(markdown).toContain('- SKU: TEE-1');
    expect(markdown).toContain('- Price: $25.00 (sale; regular price $30.00)');
    expect(markdown).toContain('- Stock: In stock');
    expect(markdown).toContain('Soft cotton.');
    expect(markdown).toContain('## Description\n\nMade to last.');
    expect(markdown).toContain('- Size: S, M (sold out)');
    expect(markdown).toContain('- ![Front](https://shop.example/media/tee.svg)');
  });

  it('escapes markdown metacharacters in the name, so a parser reads the name back', () => {
    const name = '*Best* [tee] _ever_ <b>2</b> # 1';
    const [heading] = marked.lexer(productMarkdown(product({ name }), context)) as Tokens.Heading[];
    expect(heading?.type).toBe('heading');
    expect(heading?.tokens.map((token) => ('text' in token ? token.text : '')).join('')).toBe(name);
  });

  it('gives a signed-in buyer their quantity breaks and rules, and guests nothing of them', () => {
    const b2bPricing = { priceList: 'HARBOUR', tierPrices: [{ minQty: 1, price: 10 }, { minQty: 10, price: 9 }], quantityRules: { increment: 6 } };
    const buyer = productMarkdown(product({ extensions: { b2bPricing } }), context);
    expect(buyer).toContain('## Your price by quantity\n\n- 1+: $10.00 each\n- 10+: $9.00 each (save 10%)\n\nOrder in multiples of 6.');
    expect(productMarkdown(product(), context)).not.toContain('Your price by quantity');
    expect(productMarkdown(product({ extensions: { ...gated('Log in'), b2bPricing } }), context)).not.toContain('Your price by quantity');
  });

  it('never shows a withheld B2B price: the message stands in for it', () => {
    const hidden = productMarkdown(
      product({ price: null, specialPrice: null, finalPrice: null, minimalPrice: null, extensions: gated('Trade prices after login') }),
      context,
    );
    expect(hidden).toContain('- Price: Trade prices after login');
    expect(hidden).not.toMatch(/\$\d/);
    // The gate flag alone is enough, even if a price slipped into the record.
    const flagged = productMarkdown(product({ extensions: gated('Log in') }), context);
    expect(flagged).toContain('- Price: Log in');
    expect(flagged).not.toMatch(/\$\d/);
  });
});

describe('categoryMarkdown', () => {
  it('has name, description, subcategories and the first page of products with price and stock', () => {
    const tents = category(1, { name: 'Tents', description: '<p>For <i>every</i> trip.</p>', children: [category(11, { name: 'Domes', urlPath: 'c1/domes' }), category(12, { isActive: false })] });
    const markdown = categoryMarkdown(tents, listingOf(1, [product(), product({ id: 2, name: 'Hidden', urlKey: 'hidden', price: null, specialPrice: null, finalPrice: null, minimalPrice: null, stockStatus: 'out_of_stock' })], 30), context);
    expect(markdown).toContain('# Tents\n\nFor *every* trip.');
    expect(markdown).toContain('## Subcategories\n\n- [Domes](https://shop.example/c1/domes)');
    expect(markdown).not.toContain('Category 12');
    expect(markdown).toContain('## Products (page 1 of 2)');
    expect(markdown).toContain('Next page: https://shop.example/c1.md?page=2');
    expect(markdown).toContain('- [Blue tee](https://shop.example/blue-tee): $25.00 (sale; regular price $30.00), In stock');
    expect(markdown).toContain('- [Hidden](https://shop.example/hidden): Sign in to see prices, Out of stock');
  });

  it('shows a gated card’s message, never its price', () => {
    const trade = product({ id: 3, name: 'Trade tee', urlKey: 'trade-tee', extensions: gated('Trade prices after login') });
    const markdown = categoryMarkdown(category(1), listingOf(1, [trade]), context);
    expect(markdown).toContain('- [Trade tee](https://shop.example/trade-tee): Trade prices after login, In stock');
    expect(markdown).not.toMatch(/\$\d/);
  });
});

describe('cmsMarkdown', () => {
  it('is the title and the body as text, without scripts or styles', () => {
    const markdown = cmsMarkdown(cmsPage('about-us', '<style>p{}</style><h2>Story</h2><p>Since 1990.</p><script>track()</script>'), context);
    expect(markdown).toBe('# Title of about-us\n\n### Story\n\nSince 1990.\n\nSource: https://shop.example/about-us\n');
    expect(markdown).not.toContain('track');
    expect(markdown).not.toContain('p{}');
  });

  it('points to the page where a Custom Forms form is, never showing the directive', () => {
    const markdown = cmsMarkdown(cmsPage('customer-service', '<p>Write to us.</p><p>{{block type="customforms/form" form_code="contact"}}</p>'), context);
    expect(markdown).toBe(
      '# Title of customer-service\n\nWrite to us.\n\n*This page holds a form (contact); fill it in at https://shop.example/customer-service.*\n\nSource: https://shop.example/customer-service\n',
    );
  });
});

describe('homeMarkdown and notFoundMarkdown', () => {
  it('home has the store name, description and top categories', () => {
    const markdown = homeMarkdown(storeConfig, [category(1, { name: 'Tents' })], context);
    expect(markdown).toContain('# Demo \\[Shop\\]\n\n> Everything for the **outdoors**.');
    expect(markdown).toContain('## Categories\n\n- [Tents](https://shop.example/c1)');
  });

  it('not found names the path as text and points to the sitemap', () => {
    const markdown = notFoundMarkdown('/*nope*', context);
    expect(markdown).toContain('There is no page at /\\*nope\\*.');
    expect(markdown).toContain('https://shop.example/sitemap.xml');
  });
});

describe('home featured products, blog and search markdown (issue 12)', () => {
  const aud = { origin: 'https://au.example', formatPrice: markdownPriceFormatter('en_AU', 'AUD') };
  const post = (identifier: string, overrides: Partial<BlogPost> = {}): BlogPost => ({
    id: 1, identifier, title: `Post ${identifier}`, excerpt: '<p>A short <b>look</b>.</p>', content: '<h2>Part</h2><p>Body of the post.</p>',
    author: 'Ada', publishedAt: '2026-01-15 10:00:00', featuredImageUrl: '/media/post.svg', tags: ['camping', 'tips'], updatedAt: '2026-01-15 10:00:00',
    ...overrides,
  });

  it('lists the featured products on the home page with prices in the store currency', () => {
    const markdown = homeMarkdown(storeConfig, [category(1, { name: 'Tents' })], aud, { cards: [product()], formatPrice: aud.formatPrice });
    expect(markdown).toContain('## Featured products\n\n- [Blue tee](https://au.example/blue-tee): $25.00 AUD (sale; regular price $30.00 AUD), In stock');
    expect(homeMarkdown(storeConfig, [], aud, { cards: [], formatPrice: aud.formatPrice })).not.toContain('Featured');
  });

  it('names the currency of every markdown price, in the store format', () => {
    expect(markdownPriceFormatter('en_AU', 'AUD')(19)).toBe('$19.00 AUD');
    expect(markdownPriceFormatter('en_US', 'USD')(19)).toBe('$19.00 USD');
    expect(markdownPriceFormatter('de_DE', 'EUR')(19)).toMatch(/^19,00\s€ EUR$/);
    expect(markdownPriceFormatter('en_US', 'XYZ')(19)).toMatch(/^XYZ\s19\.00$/);
    expect(productMarkdown(product(), aud)).toContain('- Price: $25.00 AUD (sale; regular price $30.00 AUD)');
  });

  it('renders the blog index, newest first as given, with dates, authors and excerpts', () => {
    const markdown = blogIndexMarkdown([post('new'), post('old', { author: '', excerpt: '' })], { origin: 'https://shop.example', lang: 'en-US' });
    expect(markdown).toContain('# Blog\n\n## [Post new](https://shop.example/blog/new)\n\nJanuary 15, 2026 by Ada\n\nA short **look**.');
    expect(markdown).toContain('## [Post old](https://shop.example/blog/old)\n\nJanuary 15, 2026');
    expect(blogIndexMarkdown([], { origin: 'https://shop.example', lang: 'en-US' })).toContain('No posts yet.');
  });

  it('renders a blog post with its byline, tags, image, body and source', () => {
    const markdown = blogPostMarkdown(post('hello'), { origin: 'https://shop.example', lang: 'en-US' });
    expect(markdown).toContain('# Post hello\n\nPublished January 15, 2026 by Ada\n\nTags: camping, tips');
    expect(markdown).toContain('![Post hello](https://shop.example/media/post.svg)');
    expect(markdown).toContain('## Part\n\nBody of the post.');
    expect(markdown).toContain('Source: https://shop.example/blog/hello');
  });

  it('renders search results with prices, and each way a search ends without them', () => {
    const results = searchMarkdown(
      { kind: 'results', query: 'tee', totalPages: 2, results: { products: [product()], totalItems: 30, page: 1, itemsPerPage: 24 } },
      aud,
    );
    expect(results).toContain('# Search results for “tee”');
    expect(results).toContain('30 results for “tee” · page 1 of 2.');
    expect(results).toContain('- [Blue tee](https://au.example/blue-tee): $25.00 AUD');
    expect(results).toContain('Next page: https://au.example/search.md?q=tee&page=2');
    expect(searchMarkdown({ kind: 'empty-query' }, aud)).toContain('?q=words');
    expect(searchMarkdown({ kind: 'invalid', query: '!!', message: 'Search for at least one letter or digit.' }, aud)).toContain('at least one letter');
    expect(searchMarkdown({ kind: 'out-of-range', query: 'tee', page: 9, totalPages: 2 }, aud)).toContain('end at page 2');
    expect(searchMarkdown({ kind: 'failed', query: 'tee' }, aud)).toContain('not available');
  });
});

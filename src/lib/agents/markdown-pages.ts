/**
 * The markdown views of the pages (SPEC.md "Markdown negotiation"): home, category, product, CMS,
 * and the not-found answer. Pure: data in, markdown out; every link absolute on the store's origin.
 */
import { categoryHref, subcategories } from '../catalog/category-tree.ts';
import { productPriceDisplay, type PriceDisplay } from '../catalog/price-display.ts';
import { hiddenPriceMessage } from '../catalog/b2b-gate.ts';
import { b2bPricingOf, quantityRuleText, tierRows } from '../catalog/tier-prices.ts';
import {
  configurableChoices,
  isInStock,
  productGallery,
  productHref,
  productInStock,
} from '../catalog/product-view.ts';
import { pageHref } from '../catalog/pagination.ts';
import { cmsHref } from '../catalog/resolve-path.ts';
import { markdownHref } from '../catalog/seo.ts';
import { splitFormDirectives } from '../forms/directive.ts';
import type { BlogPost, CategoryNode, CmsPage, ListingPage, Product, ProductCard, StoreConfig } from '../content/schemas.ts';
import { publishedLabel } from '../catalog/blog-pages.ts';
import { blogPostHref } from '../catalog/blog.ts';
import { resultsSummary, type SearchOutcome } from '../catalog/search-page.ts';
import type { PriceFormat } from '../format/price.ts';
import type { FacetView } from '../catalog/facet-view.ts';
import { AGENT_PATHS } from './agent-paths.ts';
import { escapeMarkdown, htmlToInlineText, htmlToMarkdown, link } from './markdown.ts';
import { absoluteUrl } from './public-origin.ts';

export interface MarkdownContext {
  origin: string;
  formatPrice: PriceFormat;
}

const document = (blocks: Array<string | null | false>) => `${blocks.filter(Boolean).join('\n\n')}\n`;

/** Resolves merchant links: relative ones onto the origin, unsafe schemes dropped. */
function hrefResolver(origin: string): (href: string) => string | null {
  return (href) => {
    const trimmed = href.trim();
    if (!trimmed || trimmed.startsWith('#')) return null;
    try {
      const url = new URL(trimmed, `${origin}/`);
      return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : null;
    } catch {
      // Not a URL at all: the link text alone is kept.
      return null;
    }
  };
}

function body(html: string, origin: string): string {
  return htmlToMarkdown(html, { resolveHref: hrefResolver(origin) });
}

function stockText(stockStatus: string): string {
  return isInStock(stockStatus) ? 'In stock' : 'Out of stock';
}

function priceText(display: PriceDisplay, formatPrice: PriceFormat, hiddenMessage: string): string {
  if (display.kind === 'hidden') return escapeMarkdown(hiddenMessage);
  const amount = `${display.from ? 'From ' : ''}${formatPrice(display.amount)}`;
  return display.regular === null ? amount : `${amount} (sale; regular price ${formatPrice(display.regular)})`;
}

/** The home page: store name, description, top categories and the featured products (with their prices). */
export function homeMarkdown(
  config: StoreConfig,
  categories: CategoryNode[],
  { origin }: Pick<MarkdownContext, 'origin'>,
  featured?: { cards: ProductCard[]; formatPrice: PriceFormat },
): string {
  return document([
    `# ${escapeMarkdown(config.storeName)}`,
    config.description.trim() && `> ${htmlToInlineText(config.description)}`,
    categories.length > 0 && ['## Categories', '', ...categories.map((category) => `- ${link(category.name, absoluteUrl(origin, categoryHref(category)))}`)].join('\n'),
    featured !== undefined &&
      featured.cards.length > 0 &&
      ['## Featured products', '', ...featured.cards.map((card) => cardLine(card, { origin, formatPrice: featured.formatPrice }))].join('\n'),
    `Every page is available as markdown: add \`.md\` to its URL, or ask for \`text/markdown\`. Store guide: ${absoluteUrl(origin, AGENT_PATHS.llmsTxt)}`,
  ]);
}

function cardLine(card: ProductCard, context: MarkdownContext): string {
  const price = priceText(productPriceDisplay(card), context.formatPrice, hiddenPriceMessage(card));
  return `- ${link(card.name, absoluteUrl(context.origin, productHref(card.urlKey)))}: ${price}, ${stockText(card.stockStatus)}`;
}

/**
 * A category's markdown: its products as the HTML page lists them, filtered when the URL carries
 * layered-navigation filters (named under the heading, with the unfiltered category's URL).
 */
export function categoryMarkdown(category: CategoryNode, listing: ListingPage, context: MarkdownContext, facets: FacetView | null = null): string {
  const children = subcategories(category);
  const filtered = facets?.filtered ?? false;
  const count = listing.totalItems === 1 ? '1 product' : `${listing.totalItems} products`;
  const pageNote = listing.totalPages > 1 ? ` (page ${listing.page} of ${listing.totalPages})` : '';
  const categoryPath = categoryHref(category);
  const filterQuery = filtered && facets ? facets.basePath.slice(categoryPath.length) : '';
  return document([
    `# ${escapeMarkdown(category.name)}`,
    category.description.trim() && body(category.description, context.origin),
    children.length > 0 &&
      ['## Subcategories', '', ...children.map((child) => `- ${link(child.name, absoluteUrl(context.origin, categoryHref(child)))}`)].join('\n'),
    `## Products${pageNote}`,
    filtered &&
      facets &&
      `Filtered by ${facets.applied.map((filter) => escapeMarkdown(filter.label)).join(', ')}. All of ${escapeMarkdown(category.name)}: ${absoluteUrl(context.origin, markdownHref(categoryPath))}`,
    listing.products.length > 0
      ? [`${count} ${filtered ? 'match' : 'in this category'}.`, '', ...listing.products.map((card) => cardLine(card, context))].join('\n')
      : filtered
        ? 'No products match these filters.'
        : 'No products in this category yet.',
    listing.page < listing.totalPages && `Next page: ${absoluteUrl(context.origin, pageHref(`${markdownHref(categoryPath)}${filterQuery}`, listing.page + 1))}`,
  ]);
}

/** A signed-in buyer's quantity breaks and rules (B2B Pricing); nothing for guests. */
function tierMarkdown(product: Product, formatPrice: PriceFormat): string | false {
  const pricing = b2bPricingOf(product);
  if (!pricing) return false;
  const rows = tierRows(pricing, formatPrice).map((row) => `- ${row.quantity}: ${row.price} each${row.saving ? ` (${row.saving.toLowerCase()})` : ''}`);
  const rules = quantityRuleText(pricing.quantityRules);
  if (rows.length === 0 && !rules) return false;
  return ['## Your price by quantity', '', ...rows, ...(rules ? ['', rules] : [])].join('\n');
}

export function productMarkdown(product: Product, context: MarkdownContext): string {
  const display = productPriceDisplay(product);
  const options = configurableChoices(product);
  const gallery = productGallery(product);
  return document([
    `# ${escapeMarkdown(product.name)}`,
    [
      `- SKU: ${escapeMarkdown(product.sku)}`,
      `- Price: ${priceText(display, context.formatPrice, hiddenPriceMessage(product))}`,
      `- Stock: ${stockText(productInStock(product) ? 'in_stock' : 'out_of_stock')}`,
      `- URL: ${absoluteUrl(context.origin, productHref(product.urlKey))}`,
    ].join('\n'),
    tierMarkdown(product, context.formatPrice),
    product.shortDescription.trim() && body(product.shortDescription, context.origin),
    product.description.trim() && `## Description\n\n${body(product.description, context.origin)}`,
    options.length > 0 &&
      [
        '## Options',
        '',
        ...options.map(
          (option) =>
            `- ${escapeMarkdown(option.label)}: ${option.values.map((value) => `${escapeMarkdown(value.label)}${value.available ? '' : ' (sold out)'}`).join(', ')}`,
        ),
      ].join('\n'),
    gallery.length > 0 &&
      ['## Images', '', ...gallery.map((image) => `- ![${escapeMarkdown(image.alt)}](${absoluteUrl(context.origin, image.url)})`)].join('\n'),
  ]);
}

/** A CMS page; a Custom Forms form in it becomes a pointer to the page, where people fill it in. */
export function cmsMarkdown(page: CmsPage, { origin }: Pick<MarkdownContext, 'origin'>): string {
  const heading = page.contentHeading?.trim() || page.title;
  const pageUrl = absoluteUrl(origin, cmsHref(page.identifier));
  const content = splitFormDirectives(page.content).map((segment) =>
    segment.kind === 'html' ? segment.html.trim() && body(segment.html, origin) : `*This page holds a form (${escapeMarkdown(segment.code)}); fill it in at ${pageUrl}.*`,
  );
  return document([`# ${escapeMarkdown(heading)}`, ...content, `Source: ${pageUrl}`]);
}

export function notFoundMarkdown(path: string, { origin }: Pick<MarkdownContext, 'origin'>): string {
  return document([
    '# Page not found',
    `There is no page at ${escapeMarkdown(path)}.`,
    `The pages of this store are listed in ${absoluteUrl(origin, AGENT_PATHS.sitemap)} and ${absoluteUrl(origin, AGENT_PATHS.llmsTxt)}.`,
  ]);
}

export function notSyncedMarkdown(): string {
  return document(['# Not available yet', 'This store has not loaded its catalog yet; try again in a few minutes.']);
}

/** The blog index: each post with its date, author and excerpt, newest first. */
export function blogIndexMarkdown(posts: BlogPost[], { origin, lang }: Pick<MarkdownContext, 'origin'> & { lang: string }): string {
  return document([
    '# Blog',
    posts.length > 0
      ? posts
          .map((post) =>
            [
              `## ${link(post.title, absoluteUrl(origin, blogPostHref(post.identifier)))}`,
              [publishedLabel(post, lang), post.author.trim() && `by ${escapeMarkdown(post.author)}`].filter(Boolean).join(' '),
              post.excerpt.trim() && htmlToInlineText(post.excerpt),
            ]
              .filter(Boolean)
              .join('\n\n'),
          )
          .join('\n\n')
      : 'No posts yet.',
  ]);
}

/** A blog post: title, date and author, tags, body, and its URL. */
export function blogPostMarkdown(post: BlogPost, { origin, lang }: Pick<MarkdownContext, 'origin'> & { lang: string }): string {
  const byline = [publishedLabel(post, lang) && `Published ${publishedLabel(post, lang)}`, post.author.trim() && `by ${escapeMarkdown(post.author)}`]
    .filter(Boolean)
    .join(' ');
  return document([
    `# ${escapeMarkdown(post.title)}`,
    byline,
    post.tags.length > 0 && `Tags: ${post.tags.map(escapeMarkdown).join(', ')}`,
    post.featuredImageUrl && `![${escapeMarkdown(post.title)}](${absoluteUrl(origin, post.featuredImageUrl)})`,
    post.content.trim() && body(post.content, origin),
    `Source: ${absoluteUrl(origin, blogPostHref(post.identifier))}`,
  ]);
}

/** The search page: the results' page with prices, or why there are none. */
export function searchMarkdown(outcome: SearchOutcome, context: MarkdownContext): string {
  const searchUrl = (query: string, page = 1) => absoluteUrl(context.origin, pageHref(`/search.md?${new URLSearchParams({ q: query }).toString()}`, page));
  switch (outcome.kind) {
    case 'empty-query':
      return document(['# Search', `Search the catalog with ${absoluteUrl(context.origin, '/search.md')}?q=words.`]);
    case 'invalid':
      return document(['# Search', escapeMarkdown(outcome.message)]);
    case 'failed':
      return document(['# Search', 'Search is not available right now. Please try again in a moment.']);
    case 'out-of-range':
      return document([
        `# Search results for “${escapeMarkdown(outcome.query)}”`,
        `The results end at page ${outcome.totalPages}. First page: ${searchUrl(outcome.query)}`,
      ]);
    case 'results': {
      const { results, query, totalPages } = outcome;
      return document([
        `# Search results for “${escapeMarkdown(query)}”`,
        results.products.length > 0
          ? [`${escapeMarkdown(resultsSummary(query, results.totalItems, results.page, totalPages))}.`, '', ...results.products.map((card) => cardLine(card, context))].join('\n')
          : 'No products match this search.',
        results.page < totalPages && `Next page: ${searchUrl(query, results.page + 1)}`,
      ]);
    }
  }
}

/**
 * The markdown views of the pages (SPEC.md "Markdown negotiation"): home, category, product, CMS,
 * and the not-found answer. Pure: data in, markdown out; every link absolute on the store's origin.
 */
import { categoryHref, subcategories } from '../catalog/category-tree.ts';
import { productPriceDisplay, type PriceDisplay } from '../catalog/price-display.ts';
import {
  configurableChoices,
  hiddenPriceMessage,
  isInStock,
  productGallery,
  productHref,
  productInStock,
} from '../catalog/product-view.ts';
import { pageHref } from '../catalog/pagination.ts';
import { cmsHref } from '../catalog/resolve-path.ts';
import { markdownHref } from '../catalog/seo.ts';
import type { CategoryNode, CmsPage, ListingPage, Product, ProductCard, StoreConfig } from '../content/schemas.ts';
import type { PriceFormat } from '../format/price.ts';
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

export function homeMarkdown(config: StoreConfig, categories: CategoryNode[], { origin }: Pick<MarkdownContext, 'origin'>): string {
  return document([
    `# ${escapeMarkdown(config.storeName)}`,
    config.description.trim() && `> ${htmlToInlineText(config.description)}`,
    categories.length > 0 && ['## Categories', '', ...categories.map((category) => `- ${link(category.name, absoluteUrl(origin, categoryHref(category)))}`)].join('\n'),
    `Every page is available as markdown: add \`.md\` to its URL, or ask for \`text/markdown\`. Store guide: ${absoluteUrl(origin, AGENT_PATHS.llmsTxt)}`,
  ]);
}

function cardLine(card: ProductCard, context: MarkdownContext): string {
  const price = priceText(productPriceDisplay(card), context.formatPrice, hiddenPriceMessage(card));
  return `- ${link(card.name, absoluteUrl(context.origin, productHref(card.urlKey)))}: ${price}, ${stockText(card.stockStatus)}`;
}

export function categoryMarkdown(category: CategoryNode, listing: ListingPage, context: MarkdownContext): string {
  const children = subcategories(category);
  const count = listing.totalItems === 1 ? '1 product' : `${listing.totalItems} products`;
  const pageNote = listing.totalPages > 1 ? ` (page ${listing.page} of ${listing.totalPages})` : '';
  return document([
    `# ${escapeMarkdown(category.name)}`,
    category.description.trim() && body(category.description, context.origin),
    children.length > 0 &&
      ['## Subcategories', '', ...children.map((child) => `- ${link(child.name, absoluteUrl(context.origin, categoryHref(child)))}`)].join('\n'),
    `## Products${pageNote}`,
    listing.products.length > 0 ? [`${count} in this category.`, '', ...listing.products.map((card) => cardLine(card, context))].join('\n') : 'No products in this category yet.',
    listing.page < listing.totalPages &&
      `Next page: ${absoluteUrl(context.origin, pageHref(markdownHref(categoryHref(category)), listing.page + 1))}`,
  ]);
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

export function cmsMarkdown(page: CmsPage, { origin }: Pick<MarkdownContext, 'origin'>): string {
  const heading = page.contentHeading?.trim() || page.title;
  return document([`# ${escapeMarkdown(heading)}`, page.content.trim() && body(page.content, origin), `Source: ${absoluteUrl(origin, cmsHref(page.identifier))}`]);
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

/** Document titles, meta descriptions and alternate links of the HTML pages. Plain text only. */
import type { CategoryNode, CmsPage, Product, StoreConfig } from '../content/schemas.ts';

export interface PageMeta {
  /** The page's own title; the layout appends the store name. */
  title: string;
  description: string;
}

const MAX_DESCRIPTION = 160;

/** Cuts text at a word boundary so a meta description stays within what search engines show. */
export function truncate(text: string, max = MAX_DESCRIPTION): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** "Page title · Store name", or the store name alone. */
export function documentTitle(title: string | null, storeName: string): string {
  return title && title !== storeName ? `${title} · ${storeName}` : storeName;
}

/** The markdown view of a page (SPEC.md "Markdown negotiation"): `/index.md` for `/`. */
export function markdownHref(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return path === '' ? '/index.md' : `${path}.md`;
}

export function homeMeta(config: StoreConfig): PageMeta {
  return { title: '', description: truncate(config.description || config.storeName) };
}

export function categoryMeta(category: CategoryNode, totalItems: number, page: number, config: StoreConfig): PageMeta {
  const count = totalItems === 1 ? '1 product' : `${totalItems} products`;
  return {
    title: page > 1 ? `${category.name} (page ${page})` : category.name,
    description: truncate(`Shop ${category.name} at ${config.storeName}: ${count}.`),
  };
}

/** `price` is the formatted price text, or null when the price is withheld. The merchant's meta title and description win when set. */
export function productMeta(product: Pick<Product, 'name' | 'sku' | 'metaTitle' | 'metaDescription'>, price: string | null, config: StoreConfig): PageMeta {
  const priced = price ? ` for ${price}` : '';
  return {
    title: product.metaTitle?.trim() || product.name,
    description: truncate(product.metaDescription?.trim() || `${product.name} (SKU ${product.sku})${priced} at ${config.storeName}.`),
  };
}

export function cmsMeta(page: CmsPage, config: StoreConfig): PageMeta {
  return {
    title: page.metaTitle?.trim() || page.title,
    description: truncate(page.metaDescription?.trim() || `${page.title} · ${config.storeName}`),
  };
}

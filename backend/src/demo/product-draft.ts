import type { ProductType } from '../platform/db/schema/index.ts';
import { escapeMarkup } from '../platform/markup.ts';
import type { CatalogBuilder, SellableSummary } from './catalog-builder.ts';
import type { Leaf } from './categories.ts';
import { lifetime } from './clock.ts';
import { discounted, priceSet } from './pricing.ts';
import { type ProductCopy, productCopy } from './product-copy.ts';
import type { Random } from './random.ts';
import type { PriceSet } from './types.ts';

/** The common part of a visible product, decided before its type-specific children. */
export interface ProductDraft {
  id: number;
  type: ProductType;
  sku: string;
  urlKey: string;
  leaf: Leaf;
  copy: ProductCopy;
  createdAt: Date;
  updatedAt: Date;
  /** Sold out across the board (about 8% of physical products). */
  soldOut: boolean;
  /** Share of the price paid while on sale (about 15% of products), else null. */
  saleRatio: number | null;
}

const usdRange: Partial<Record<Leaf['kind'], [number, number]>> = {
  apparel: [25, 140],
  footwear: [70, 240],
  gear: [30, 420],
  home: [15, 220],
  digital: [6, 29],
  service: [25, 150],
};

/** A list price in USD for the kind of product, before rounding to shop price points. */
export function listPriceUsd(random: Random, leaf: Leaf): number {
  const [min, max] = usdRange[leaf.kind] ?? [10, 100];
  return random.int(min, max);
}

const onSaleTypes: ProductType[] = ['simple', 'configurable', 'downloadable', 'virtual'];
const physicalKinds: Leaf['kind'][] = ['apparel', 'footwear', 'gear', 'home'];

export function draftProduct(builder: CatalogBuilder, random: Random, id: number, type: ProductType, leaf: Leaf): ProductDraft {
  const copy = productCopy(random, leaf, type);
  return {
    id,
    type,
    sku: `${leaf.skuPrefix}-${String(id).padStart(5, '0')}`,
    urlKey: builder.uniqueUrlKey(copy.name, id),
    leaf,
    copy,
    ...lifetime(random, 540),
    soldOut: physicalKinds.includes(leaf.kind) && random.chance(0.08),
    saleRatio: onSaleTypes.includes(type) && random.chance(0.15) ? random.pick([0.7, 0.75, 0.8, 0.85]) : null,
  };
}

/**
 * Gives a draft another name once its contents are known (a bundle's categories): the name in its
 * descriptions and its url key follow. Draws nothing from the random sequence.
 */
export function renameDraft(builder: CatalogBuilder, draft: ProductDraft, name: string): void {
  const [from, to] = [escapeMarkup(draft.copy.name), escapeMarkup(name)];
  draft.copy = {
    ...draft.copy,
    name,
    shortDescription: draft.copy.shortDescription.replaceAll(from, to),
    description: draft.copy.description.replaceAll(from, to),
  };
  draft.urlKey = builder.uniqueUrlKey(name, draft.id);
}

/** Writes the product row of a visible product with the stock its type worked out. */
export function addVisibleProduct(builder: CatalogBuilder, draft: ProductDraft, stock: { qty: number; inStock: boolean }): void {
  builder.addProduct({
    id: draft.id,
    sku: draft.sku,
    type: draft.type,
    name: draft.copy.name,
    urlKey: draft.urlKey,
    visibility: 'catalog',
    isEnabled: true,
    qty: stock.qty,
    stockStatus: stock.inStock ? 'in_stock' : 'out_of_stock',
    shortDescription: draft.copy.shortDescription,
    description: draft.copy.description,
    attributes: draft.copy.attributes,
    position: draft.id,
    createdAt: draft.createdAt,
    updatedAt: draft.updatedAt,
  });
}

/** Stock of items that are not counted (downloads, services, gift cards): always available. */
export const unlimitedStock = { qty: 999, inStock: true };

/** Simple and virtual products: a price, maybe a special price, and stock of their own. */
export function buildStandalone(builder: CatalogBuilder, random: Random, draft: ProductDraft): SellableSummary {
  const price: PriceSet = priceSet(listPriceUsd(random, draft.leaf));
  const special = draft.saleRatio === null ? null : discounted(price, draft.saleRatio);
  const finalPrice = special ?? price;
  const stock =
    draft.type === 'virtual' ? unlimitedStock : draft.soldOut ? { qty: 0, inStock: false } : { qty: random.int(3, 250), inStock: true };
  addVisibleProduct(builder, draft, stock);
  builder.addPrices(draft.id, price, special, finalPrice);
  return { id: draft.id, sku: draft.sku, finalPrice, ...stock };
}

import type { ProductType } from '../platform/db/schema/index.ts';
import { storeCodes, storeIds } from './pricing.ts';
import { slugify } from './product-copy.ts';
import type { CatalogRows, PriceSet } from './types.ts';

/** What composites (grouped, bundle) need to know about a product they contain. */
export interface SellableSummary {
  id: number;
  sku: string;
  finalPrice: PriceSet;
  inStock: boolean;
  qty: number;
}

type ProductRow = CatalogRows['products'][number];

/** Accumulates rows and hands out ids and unique url keys while products are generated. */
export class CatalogBuilder {
  readonly rows: CatalogRows = {
    products: [],
    productPrices: [],
    productCategories: [],
    productImages: [],
    productLinks: [],
    configurableOptions: [],
    configurableOptionValues: [],
    variantOptionValues: [],
    bundleOptions: [],
    bundleSelections: [],
    downloadableLinks: [],
    downloadableLinkPrices: [],
    giftcards: [],
    giftcardPrices: [],
  };
  readonly #urlKeys = new Set<string>();
  readonly #positions = new Map<number, number>();
  readonly #counters = new Map<string, number>();

  /** Variants are numbered after the catalog's own products, so product ids stay 1..count. */
  constructor(firstVariantId: number) {
    this.#counters.set('variant', firstVariantId - 1);
  }

  nextId(sequence: 'variant' | 'configurableOption' | 'bundleOption' | 'bundleSelection' | 'downloadableLink' | 'image'): number {
    const next = (this.#counters.get(sequence) ?? 0) + 1;
    this.#counters.set(sequence, next);
    return next;
  }

  /** The slug of `text`, or the slug with the id appended when another product has it already. */
  uniqueUrlKey(text: string, id: number): string {
    const slug = slugify(text);
    const key = this.#urlKeys.has(slug) ? `${slug}-${id}` : slug;
    this.#urlKeys.add(key);
    return key;
  }

  addProduct(row: ProductRow & { id: number; type: ProductType }): void {
    this.rows.products.push(row);
  }

  addPrices(productId: number, price: PriceSet, special: PriceSet | null, minimal: PriceSet): void {
    for (const code of storeCodes) {
      this.rows.productPrices.push({
        productId,
        storeId: storeIds[code],
        price: price[code],
        specialPrice: special ? special[code] : null,
        minimalPrice: minimal[code],
      });
    }
  }

  addImages(productId: number, urlKey: string, labels: string[]): void {
    labels.forEach((label, index) => {
      this.rows.productImages.push({
        id: this.nextId('image'),
        productId,
        file: index === 0 ? `${urlKey}.svg` : `${urlKey}-${index + 1}.svg`,
        label,
        position: index + 1,
      });
    });
  }

  assignCategories(productId: number, categoryIds: number[]): void {
    for (const categoryId of categoryIds) {
      const position = (this.#positions.get(categoryId) ?? 0) + 1;
      this.#positions.set(categoryId, position);
      this.rows.productCategories.push({ categoryId, productId, position });
    }
  }

  link(productId: number, linkedProductId: number, linkType: 'related' | 'grouped' | 'variant', position: number, defaultQty = 1): void {
    this.rows.productLinks.push({ productId, linkedProductId, linkType, position, defaultQty });
  }
}

import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { visibleProducts } from '../visibility.ts';
import type { StoreView } from '../../stores/store-view.ts';
import { formatTimestamp } from '../../../platform/time.ts';
import { productTypes } from '../product-types/registry.ts';
import { loadCategoryIds, loadImages, loadRelatedSkus, mainImageUrl, type ProductImage } from './common.ts';
import { finalPriceOf, type ProductRow } from './rows.ts';
import type { ConfigurableOption, ProductChildren, ProductDetail } from './schemas.ts';

export interface RecordContext {
  currency: string;
  images: ProductImage[];
  categoryIds: number[];
  relatedSkus: string[];
  /** Undefined for listing records (the "listing stubs"). */
  children?: ProductChildren;
  /** A configurable's option values on offer (listing and detail records alike). */
  availableOptions?: ConfigurableOption[];
}

/** The one shape of a product on the wire, for listings and details alike. */
export function buildProductRecord(row: ProductRow, context: RecordContext): ProductDetail {
  const { product } = row;
  return {
    id: product.id,
    sku: product.sku,
    type: product.type,
    name: product.name,
    urlKey: product.urlKey,
    price: row.price,
    specialPrice: row.specialPrice,
    finalPrice: finalPriceOf(row.price, row.specialPrice),
    minimalPrice: row.minimalPrice,
    currency: context.currency,
    stockStatus: product.stockStatus,
    qty: product.qty,
    shortDescription: product.shortDescription,
    description: product.description,
    metaTitle: product.metaTitle,
    metaDescription: product.metaDescription,
    weight: product.weight,
    imageUrl: mainImageUrl(context.images),
    images: context.images,
    categoryIds: context.categoryIds,
    relatedSkus: context.relatedSkus,
    attributes: product.attributes,
    position: product.position,
    ...(context.availableOptions ? { availableOptions: context.availableOptions } : {}),
    createdAt: formatTimestamp(product.createdAt),
    updatedAt: formatTimestamp(product.updatedAt),
    extensions: {},
    ...context.children,
  };
}

/**
 * Builds records for a page of rows with a fixed number of queries (not one per product).
 * `withChildren` adds the type-specific children, making detail records; `hidden` products (those the
 * caller may not see, catalog.visibility) are left out of the related products and of the child
 * arrays (variants, grouped members, bundle selections), DECISIONS.md 47. It is required, so no
 * loader can forget to ask.
 */
export async function loadProductRecords(
  db: Db,
  store: StoreView,
  rows: ProductRow[],
  options: { withChildren: boolean; hidden: ReadonlySet<number> },
): Promise<ProductDetail[]> {
  const ids = rows.map((r) => r.product.id);
  const [images, categoryIds, relatedSkus, children, availableOptions] = await Promise.all([
    loadImages(db, ids),
    loadCategoryIds(db, ids),
    loadRelatedSkus(db, ids, options.hidden),
    options.withChildren ? loadChildren(db, store.id, rows, visibleProducts(options.hidden)) : new Map<number, ProductChildren>(),
    loadAvailableOptions(db, store.id, rows, visibleProducts(options.hidden)),
  ]);
  return rows.map((row) =>
    buildProductRecord(row, {
      currency: store.baseCurrencyCode,
      images: images.get(row.product.id) ?? [],
      categoryIds: categoryIds.get(row.product.id) ?? [],
      relatedSkus: relatedSkus.get(row.product.id) ?? [],
      children: children.get(row.product.id),
      availableOptions: availableOptions.get(row.product.id),
    }),
  );
}

async function loadChildren(db: Db, storeId: number, rows: ProductRow[], visible: SQL | undefined): Promise<Map<number, ProductChildren>> {
  const merged = new Map<number, ProductChildren>();
  await Promise.all(
    // Each type's `detail` loader (product-types/registry.ts); simple and virtual products have none.
    [...productTypes().values()].map(async ({ code, detail }) => {
      const ids = rows.filter((r) => r.product.type === code).map((r) => r.product.id);
      if (!detail || ids.length === 0) return;
      for (const [id, children] of await detail(db, storeId, ids, visible)) merged.set(id, children);
    }),
  );
  return merged;
}

/** Each type's `availableOptions` loader (configurables'), for the rows of that type. */
async function loadAvailableOptions(db: Db, storeId: number, rows: ProductRow[], visible: SQL | undefined): Promise<Map<number, ConfigurableOption[]>> {
  const merged = new Map<number, ConfigurableOption[]>();
  await Promise.all(
    [...productTypes().values()].map(async ({ code, availableOptions }) => {
      const ids = rows.filter((r) => r.product.type === code).map((r) => r.product.id);
      if (!availableOptions || ids.length === 0) return;
      for (const [id, options] of await availableOptions(db, storeId, ids, visible)) merged.set(id, options);
    }),
  );
  return merged;
}

import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { bundleOptions, bundleSelections, categories, productCategories, productLinks, productPrices, products, productTypes, stores, type ProductType } from '../../platform/db/schema/index.ts';
import { activeSpecialPrice } from './products/rows.ts';

export { productTypes, type ProductType };

/** A parent-to-child link a parent's price is derived over (a bundle selection carries its option). */
export interface ChildPriceLink {
  parentId: number;
  childId: number;
  /** A bundle selection's option; null for variants and grouped members. */
  optionId: number | null;
  required: boolean;
  qty: number;
}

/** A child's state and price in one store view. */
export interface ChildPriceRow {
  id: number;
  enabled: boolean;
  inStock: boolean;
  price: number;
  specialPrice: number | null;
}

/** A category as modules see it. */
export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  urlPath: string;
}

/** One custom attribute code with a JSON type, as the catalog's products carry it. */
export interface AttributeUsage {
  code: string;
  kind: string;
  distinct_values: number | string;
  sample_values: string[];
}

/**
 * Expressions that change whenever the category tree, the store views or the products (with their
 * categories and links) change: a module that caches what it read of the catalog selects them, with
 * its own markers, in one statement to learn whether its copy is current (B2B Access's snapshot).
 */
export const catalogChangeMarkers: { tree: SQL; stores: SQL; catalog: SQL } = {
  tree: sql`(select count(*) || ':' || coalesce(max(${categories.updatedAt})::text, '') from ${categories})`,
  stores: sql`(select string_agg(${stores.id} || '=' || ${stores.code}, ',') from ${stores})`,
  catalog: sql`(select count(*) || ':' || coalesce(max(${products.updatedAt})::text, '') || ':' || (select count(*) from ${productCategories})
              || ':' || (select count(*) from ${productLinks}) || ':' || (select count(*) from ${bundleSelections}) from ${products})`,
};

/** What modules may read of the catalog (ModuleContext `catalog`). */
export function catalogReads(db: Db) {
  return {
    /** URL keys of the products (those that still exist), in no particular order. */
    async productUrlKeys(ids: readonly number[]): Promise<string[]> {
      if (ids.length === 0) return [];
      return (await db.select({ key: products.urlKey }).from(products).where(inArray(products.id, [...ids]))).map((row) => row.key);
    },
    /** URL paths of the categories (those that still exist), without a leading slash. */
    async categoryUrlPaths(ids: readonly number[]): Promise<string[]> {
      if (ids.length === 0) return [];
      return (await db.select({ key: categories.urlPath }).from(categories).where(inArray(categories.id, [...ids]))).map((row) => row.key);
    },
    /** Which of these product ids exist. */
    async existingProductIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      return new Set((await db.select({ id: products.id }).from(products).where(inArray(products.id, [...ids]))).map((row) => row.id));
    },
    /** Which of these category ids exist. */
    async existingCategoryIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      return new Set((await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, [...ids]))).map((row) => row.id));
    },
    async categoryIdByUrlKey(urlKey: string): Promise<number | undefined> {
      const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.urlKey, urlKey)).limit(1);
      return category?.id;
    },
    /** Every category, ordered by URL path (a parent before its children). */
    categoryTree(): Promise<CategoryNode[]> {
      return db.select({ id: categories.id, parentId: categories.parentId, name: categories.name, urlPath: categories.urlPath }).from(categories).orderBy(asc(categories.urlPath));
    },
    /** Products whose SKU or name contains `text` (taken literally: LIKE's wildcards are escaped), by SKU. */
    productsMatching(text: string, limit: number): Promise<{ sku: string; name: string }[]> {
      const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      return db
        .select({ sku: products.sku, name: products.name })
        .from(products)
        .where(or(ilike(products.sku, pattern), ilike(products.name, pattern)))
        .orderBy(asc(products.sku))
        .limit(limit);
    },
    /** The product each bundle selection sells. */
    selectionProducts(selectionIds: readonly number[]): Promise<{ id: number; productId: number }[]> {
      if (selectionIds.length === 0) return Promise.resolve([]);
      return db.select({ id: bundleSelections.id, productId: bundleSelections.productId }).from(bundleSelections).where(inArray(bundleSelections.id, [...selectionIds]));
    },
    /**
     * The custom attribute codes the products carry, with each JSON type they are stored as, how many
     * distinct values each has, and up to `samples` of them (there is no attribute register).
     */
    async attributeUsage(samples: number): Promise<AttributeUsage[]> {
      const result = await db.execute(sql`
      select entry.key as code, jsonb_typeof(entry.value) as kind,
             count(distinct entry.value) as distinct_values,
             (array_agg(distinct entry.value #>> '{}'))[1:${samples}] as sample_values
      from ${products}, jsonb_each(${products.attributes}) as entry
      group by entry.key, jsonb_typeof(entry.value)
      order by entry.key`);
      // Both drivers answer { rows }; drizzle's shared type does not say so.
      return (result as unknown as { rows: AttributeUsage[] }).rows;
    },
    /**
     * The links each parent's price is derived over: a configurable's variants, a grouped product's
     * members (a product has one type, so one kind of link counts), a bundle's selections.
     */
    async childPriceLinks(parents: ReadonlyMap<number, 'configurable' | 'grouped' | 'bundle'>): Promise<ChildPriceLink[]> {
      const ofType = (type: 'configurable' | 'grouped' | 'bundle') => [...parents].filter(([, t]) => t === type).map(([id]) => id);
      const linked = [...ofType('configurable'), ...ofType('grouped')];
      const bundles = ofType('bundle');
      const [links, selections] = await Promise.all([
        linked.length === 0
          ? []
          : db
              .select({ parentId: productLinks.productId, childId: productLinks.linkedProductId, linkType: productLinks.linkType })
              .from(productLinks)
              .where(and(inArray(productLinks.productId, linked), inArray(productLinks.linkType, ['variant', 'grouped']))),
        bundles.length === 0
          ? []
          : db
              .select({ parentId: bundleOptions.productId, childId: bundleSelections.productId, optionId: bundleOptions.id, required: bundleOptions.isRequired, qty: bundleSelections.defaultQty })
              .from(bundleSelections)
              .innerJoin(bundleOptions, eq(bundleOptions.id, bundleSelections.optionId))
              .where(inArray(bundleOptions.productId, bundles)),
      ]);
      return [
        ...links
          .filter((link) => (parents.get(link.parentId) === 'configurable' ? link.linkType === 'variant' : link.linkType === 'grouped'))
          .map((link) => ({ parentId: link.parentId, childId: link.childId, optionId: null, required: false, qty: 1 })),
        ...selections,
      ];
    },
    /** The children's state and price in the store view; a child not sold there has no row (the price index skips it too). */
    async childPriceRows(storeId: number, ids: readonly number[]): Promise<Map<number, ChildPriceRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, enabled: products.isEnabled, stockStatus: products.stockStatus, qty: products.qty, price: productPrices.price, specialPrice: activeSpecialPrice })
        .from(products)
        .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
        .where(inArray(products.id, [...ids]));
      return new Map(rows.map((r) => [r.id, { id: r.id, enabled: r.enabled, inStock: r.stockStatus === 'in_stock' && r.qty > 0, price: r.price, specialPrice: r.specialPrice }]));
    },
    /**
     * The whole catalog as access rules judge it, in four queries whatever its size: every product with
     * its price in the store view, category memberships, variant and grouped links (parent to child),
     * and bundle selections (bundle to part).
     */
    accessFactRows(storeId: number) {
      return Promise.all([
        db
          .select({
            id: products.id,
            sku: products.sku,
            name: products.name,
            type: products.type,
            attributes: products.attributes,
            isEnabled: products.isEnabled,
            visibility: products.visibility,
            price: productPrices.price,
          })
          .from(products)
          .leftJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId))),
        db.select({ productId: productCategories.productId, categoryId: productCategories.categoryId }).from(productCategories),
        db
          .select({ parentId: productLinks.productId, childId: productLinks.linkedProductId })
          .from(productLinks)
          .where(inArray(productLinks.linkType, ['variant', 'grouped'])),
        db
          .select({ parentId: bundleOptions.productId, childId: bundleSelections.productId })
          .from(bundleSelections)
          .innerJoin(bundleOptions, eq(bundleOptions.id, bundleSelections.optionId)),
      ]);
    },
  };
}

export type CatalogReads = ReturnType<typeof catalogReads>;

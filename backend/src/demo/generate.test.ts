import { describe, expect, it } from 'vitest';
import { productTypes } from '../platform/db/schema/index.ts';
import { generateDemoCatalog } from './generate.ts';

describe('demo catalog generator', () => {
  const catalog = generateDemoCatalog();
  const trade = (sku: string) => /^(TS|WO)-/.test(sku);
  const visible = catalog.products.filter((p) => p.visibility === 'catalog' && !trade(p.sku));

  it('is deterministic: the same seed gives a deep-equal catalog, another seed does not', () => {
    expect(generateDemoCatalog()).toEqual(catalog);
    expect(generateDemoCatalog({ products: 240, seed: 7 }).products).not.toEqual(catalog.products);
  });

  it('has the requested number of products, ids 1..n, every type, variants on top', () => {
    expect(visible).toHaveLength(240);
    expect(visible.map((p) => p.id)).toEqual(Array.from({ length: 240 }, (_, i) => i + 1));
    expect(new Set(visible.map((p) => p.type))).toEqual(new Set(productTypes));
    expect(catalog.products.length).toBeGreaterThan(240);
    for (const size of [20, 40]) {
      const small = generateDemoCatalog({ products: size, seed: 2026 }).products.filter((p) => p.visibility === 'catalog' && !trade(p.sku));
      expect(new Set(small.map((p) => p.type)), `${size} products`).toEqual(new Set(productTypes));
    }
  });

  it('stocks a top-level Trade Supplies category with 12 bulk packs and 3 Wholesale-only fixtures, priced in both stores', () => {
    const tradeCategory = catalog.categories.find((c) => c.urlKey === 'trade-supplies');
    expect(tradeCategory).toMatchObject({ parentId: null, isActive: true, includeInMenu: true });
    const inTrade = new Set(catalog.productCategories.filter((link) => link.categoryId === tradeCategory?.id).map((link) => link.productId));
    const range = catalog.products.filter((p) => inTrade.has(p.id ?? 0));
    expect(range.filter((p) => p.sku.startsWith('TS-'))).toHaveLength(12);
    expect(range.filter((p) => p.sku.startsWith('WO-'))).toHaveLength(3);
    expect(range).toHaveLength(15);
    for (const product of range) expect(catalog.productPrices.filter((price) => price.productId === product.id && price.price > 0), product.sku).toHaveLength(2);
  });

  it('gives unique SKUs and url keys, variants included', () => {
    expect(new Set(catalog.products.map((p) => p.sku)).size).toBe(catalog.products.length);
    expect(new Set(catalog.products.map((p) => p.urlKey)).size).toBe(catalog.products.length);
    expect(new Set(catalog.productImages.map((i) => i.file)).size).toBe(catalog.productImages.length);
  });

  it('prices every product in both stores, AUD above USD', () => {
    const prices = catalog.productPrices;
    expect(prices).toHaveLength(catalog.products.length * 2);
    const usd = new Map(prices.filter((p) => p.storeId === 1).map((p) => [p.productId, p]));
    for (const aud of prices.filter((p) => p.storeId === 2 && p.price > 0)) {
      expect(aud.price, `product ${aud.productId}`).toBeGreaterThan(usd.get(aud.productId)?.price ?? Infinity);
    }
  });

  it('puts some products on sale and some out of stock', () => {
    const ids = new Set(visible.map((p) => p.id));
    const onSale = catalog.productPrices.filter((p) => p.storeId === 1 && ids.has(p.productId) && p.specialPrice !== null);
    expect(onSale.length / visible.length).toBeGreaterThan(0.05);
    expect(onSale.length / visible.length).toBeLessThan(0.25);
    const soldOut = visible.filter((p) => p.stockStatus === 'out_of_stock');
    expect(soldOut.length / visible.length).toBeGreaterThan(0.02);
    expect(soldOut.length / visible.length).toBeLessThan(0.15);
    for (const price of onSale) expect(price.specialPrice).toBeLessThan(price.price);
  });

  it('keeps every reference inside the catalog', () => {
    const productIds = new Set(catalog.products.map((p) => p.id));
    const categoryIds = new Set(catalog.categories.map((c) => c.id));
    for (const link of catalog.productLinks) {
      expect(productIds.has(link.productId) && productIds.has(link.linkedProductId)).toBe(true);
      expect(link.linkedProductId).not.toBe(link.productId);
    }
    for (const row of catalog.productCategories) expect(categoryIds.has(row.categoryId) && productIds.has(row.productId)).toBe(true);
    for (const category of catalog.categories) if (category.parentId !== null) expect(categoryIds.has(category.parentId ?? -1)).toBe(true);
    for (const selection of catalog.bundleSelections) expect(productIds.has(selection.productId)).toBe(true);
  });

  it('assigns products to their leaf and every ancestor, and gives each an image', () => {
    const parentOf = new Map(catalog.categories.map((c) => [c.id, c.parentId ?? null]));
    const byProduct = new Map<number, Set<number>>();
    for (const row of catalog.productCategories) byProduct.set(row.productId, (byProduct.get(row.productId) ?? new Set()).add(row.categoryId));
    for (const product of visible) {
      const assigned = byProduct.get(product.id ?? 0) ?? new Set();
      expect(assigned.size).toBeGreaterThan(0);
      for (const id of assigned) {
        const parent = parentOf.get(id);
        if (parent !== null && parent !== undefined) expect(assigned.has(parent), `product ${product.id}`).toBe(true);
      }
    }
    const withImage = new Set(catalog.productImages.map((i) => i.productId));
    expect(catalog.products.every((p) => withImage.has(p.id ?? 0))).toBe(true);
  });

  it('has about twenty categories three levels deep, the demo content and accounts', () => {
    expect(catalog.categories.length).toBeGreaterThanOrEqual(18);
    expect(catalog.categories.length).toBeLessThanOrEqual(26);
    expect(Math.max(...catalog.categories.map((c) => c.level))).toBe(3);
    expect(catalog.categories.some((c) => c.includeInMenu === false)).toBe(true);
    expect(catalog.cmsPages.map((p) => p.identifier)).toEqual(['home', 'about-us', 'customer-service', 'privacy-policy', 'no-route']);
    expect(catalog.blogPosts).toHaveLength(5);
    expect(catalog.countries.map((c) => c.id)).toEqual(['US', 'CA', 'AU', 'GB', 'DE', 'FR', 'NZ']);
    expect(catalog.accounts.map((a) => a.email)).toEqual(['shopper@example.com', 'buyer@trade.example']);
  });

  it('derives timestamps from the seed, never from the clock', () => {
    const latest = Math.max(...catalog.products.map((p) => p.updatedAt.getTime()));
    expect(latest).toBeLessThanOrEqual(Date.UTC(2026, 0, 15, 12));
    for (const p of catalog.products) expect(p.updatedAt.getTime()).toBeGreaterThanOrEqual(p.createdAt.getTime());
  });
});

describe('demo catalog copy', () => {
  const catalog = generateDemoCatalog();

  it('never repeats a word back to back in a product name ("Fleece Fleece Jacket")', () => {
    for (const product of catalog.products) {
      const words = product.name.toLowerCase().split(/[\s:,()]+/).filter(Boolean);
      const repeated = words.filter((word, index) => word === words[index - 1]);
      expect(repeated, product.name).toEqual([]);
    }
  });

  it('names in a bundle\'s title what each of its options contains', () => {
    const bundles = catalog.products.filter((p) => p.type === 'bundle');
    expect(bundles.length).toBeGreaterThan(0);
    for (const bundle of bundles) {
      const options = catalog.bundleOptions.filter((option) => option.productId === bundle.id);
      expect(options.length, bundle.name).toBeGreaterThan(0);
      for (const option of options) expect(bundle.name, `option "${option.title}"`).toContain(option.title.replace(/ \(add-on\)$/, ''));
    }
  });
});

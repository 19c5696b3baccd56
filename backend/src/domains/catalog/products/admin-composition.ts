/**
 * What a configurable, grouped or gift card product is made of, as the admin API shows it: a
 * configurable's attributes and its variants (each with its own SKU, price, stock, status and
 * attribute values by label), a grouped product's members with their default quantities, a gift
 * card's settings, a downloadable product's links, a bundle's options with their selections. Loaded for a page of products at once; other types have none.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { loadBundleOptions, type AdminBundleOption } from '../product-types/bundle/options.ts';
import { loadDownloadableLinks } from '../product-types/downloadable/links.ts';
import { loadGiftcards, type GiftcardFields } from '../product-types/giftcard/settings.ts';
import { configurableOptions, configurableOptionValues, productLinks, productPrices, products, stores, variantOptionValues } from '../../../platform/db/schema/index.ts';

export interface AdminVariant {
  id: number;
  sku: string;
  name: string;
  price: number | null;
  specialPrice: number | null;
  specialPriceFrom: string | null;
  specialPriceTo: string | null;
  stockQty: number;
  isEnabled: boolean;
  attributes: Record<string, string>;
}

export interface AdminComposition {
  configurableAttributes?: string[];
  variants?: AdminVariant[];
  linkedProducts?: Array<{ id: number; sku: string; name: string; defaultQty: number }>;
  giftcard?: GiftcardFields;
  downloadableLinks?: Array<{ id: number; title: string; price: number; sampleUrl: string | null }>;
  bundleOptions?: AdminBundleOption[];
}

export async function loadCompositions(db: Db, rows: Array<{ id: number; type: string }>): Promise<Map<number, AdminComposition>> {
  const cards = await loadGiftcards(db, rows.filter((row) => row.type === 'giftcard').map((row) => row.id));
  const result = new Map<number, AdminComposition>([...cards].map(([id, giftcard]) => [id, { giftcard }]));
  const downloadable = rows.filter((row) => row.type === 'downloadable').map((row) => row.id);
  const downloads = (await loadDownloadableLinks(db, downloadable)).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  for (const id of downloadable) {
    result.set(id, { downloadableLinks: downloads.filter((link) => link.productId === id).map(({ id: linkId, title, price, sampleUrl }) => ({ id: linkId, title, price, sampleUrl })) });
  }
  const bundles = await loadBundleOptions(db, rows.filter((row) => row.type === 'bundle').map((row) => row.id));
  for (const [id, bundleOptions] of bundles) result.set(id, { bundleOptions });
  const parentIds = rows.filter((row) => row.type === 'configurable' || row.type === 'grouped').map((row) => row.id);
  if (parentIds.length === 0) return result;
  const [options, links] = await Promise.all([
    db.select().from(configurableOptions).where(inArray(configurableOptions.productId, parentIds)).orderBy(asc(configurableOptions.position), asc(configurableOptions.id)),
    db
      .select({ parentId: productLinks.productId, linkType: productLinks.linkType, defaultQty: productLinks.defaultQty, child: products })
      .from(productLinks)
      .innerJoin(products, eq(products.id, productLinks.linkedProductId))
      .where(and(inArray(productLinks.productId, parentIds), inArray(productLinks.linkType, ['variant', 'grouped'])))
      .orderBy(asc(productLinks.position), asc(productLinks.linkedProductId)),
  ]);
  const variantIds = links.filter((link) => link.linkType === 'variant').map((link) => link.child.id);
  const [values, prices] =
    variantIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ variantId: variantOptionValues.variantId, optionId: variantOptionValues.optionId, label: configurableOptionValues.label })
            .from(variantOptionValues)
            .innerJoin(
              configurableOptionValues,
              and(eq(configurableOptionValues.optionId, variantOptionValues.optionId), eq(configurableOptionValues.valueIndex, variantOptionValues.valueIndex)),
            )
            .where(inArray(variantOptionValues.variantId, variantIds)),
          // The default store view's figures, as the product's own `price` shows.
          db
            .select({
              productId: productPrices.productId,
              price: productPrices.price,
              specialPrice: productPrices.specialPrice,
              specialPriceFrom: productPrices.specialPriceFrom,
              specialPriceTo: productPrices.specialPriceTo,
            })
            .from(productPrices)
            .innerJoin(stores, eq(stores.id, productPrices.storeId))
            .where(inArray(productPrices.productId, variantIds))
            .orderBy(asc(stores.id)),
        ]);
  for (const row of rows.filter((each) => parentIds.includes(each.id))) {
    const own = links.filter((link) => link.parentId === row.id);
    if (row.type === 'grouped') {
      result.set(row.id, { linkedProducts: own.map((link) => ({ id: link.child.id, sku: link.child.sku, name: link.child.name, defaultQty: link.defaultQty })) });
      continue;
    }
    const mine = options.filter((option) => option.productId === row.id);
    result.set(row.id, {
      configurableAttributes: mine.map((option) => option.attributeCode),
      variants: own.map(({ child }) => {
        const price = prices.find((each) => each.productId === child.id);
        return {
          id: child.id,
          sku: child.sku,
          name: child.name,
          price: price?.price ?? null,
          specialPrice: price?.specialPrice ?? null,
          specialPriceFrom: price?.specialPriceFrom ?? null,
          specialPriceTo: price?.specialPriceTo ?? null,
          stockQty: child.qty,
          isEnabled: child.isEnabled,
          attributes: Object.fromEntries(
            mine.flatMap((option) => values.filter((value) => value.variantId === child.id && value.optionId === option.id).map((value) => [option.attributeCode, value.label])),
          ),
        };
      }),
    });
  }
  return result;
}

/**
 * What a product is made of, as the admin API shows it: each type's parts (product-types/registry.ts
 * `adminParts`): a configurable's attributes and its variants (each with its own SKU, price, stock,
 * status and attribute values by label), a grouped product's members with their default quantities,
 * a gift card's settings, a downloadable product's links, a bundle's options with their selections.
 * Loaded for a page of products at once; simple and virtual products have none.
 */
import type { Db } from '../../../platform/db/database.ts';
import type { ProductType } from '../../../platform/db/schema/index.ts';
import type { AdminBundleOption } from '../product-types/bundle/options.ts';
import type { GiftcardFields } from '../product-types/giftcard/settings.ts';
import { productTypes } from '../product-types/registry.ts';

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

export async function loadCompositions(db: Db, rows: Array<{ id: number; type: ProductType }>): Promise<Map<number, AdminComposition>> {
  const result = new Map<number, AdminComposition>();
  for (const { code, adminParts } of productTypes().values()) {
    const ids = rows.filter((row) => row.type === code).map((row) => row.id);
    if (!adminParts || ids.length === 0) continue;
    for (const [id, parts] of await adminParts(db, ids)) result.set(id, parts);
  }
  return result;
}

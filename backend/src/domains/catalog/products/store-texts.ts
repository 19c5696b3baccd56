/**
 * A product's texts in one store view (issue 17): its own name, short description, description,
 * meta title and meta description, each inheriting the product's own when the view has none. The
 * admin API takes them next to the view's prices, `storeOverrides.{code}`; public records, listings
 * and search read them through the product rows (rows.ts).
 */
import { z } from '@hono/zod-openapi';
import { productStoreTexts } from '../../../platform/db/schema/index.ts';
import type { StoreTextKind } from '../../stores/store-texts.ts';

export type ProductTextField = 'name' | 'shortDescription' | 'description' | 'metaTitle' | 'metaDescription';

export const productTextKind: StoreTextKind<ProductTextField> = {
  table: productStoreTexts,
  owner: 'productId',
  fields: ['name', 'shortDescription', 'description', 'metaTitle', 'metaDescription'],
  html: ['shortDescription', 'description'],
};

const inherit = 'null or empty: the product\'s own.';

/** The bounds of the product's own fields (service.ts); null or an empty string clears the view's own. */
export const productStoreTextFields = {
  name: z.string().trim().max(255).nullable().openapi({ description: `The view's own name; ${inherit}` }),
  shortDescription: z.string().max(20_000).nullable().openapi({ description: `HTML, sanitised on save; ${inherit}` }),
  description: z.string().max(200_000).nullable().openapi({ description: `HTML, sanitised on save; ${inherit}` }),
  metaTitle: z.string().trim().max(255).nullable().openapi({ description: inherit }),
  metaDescription: z.string().trim().max(1000).nullable().openapi({ description: inherit }),
};

/** Whether any view's override carries a price (texts alone leave the prices as they are). */
export const sendsPrices = (overrides: Record<string, { price?: unknown; specialPrice?: unknown }> | undefined) =>
  Object.values(overrides ?? {}).some((own) => own.price !== undefined || own.specialPrice !== undefined);

import { z } from '@hono/zod-openapi';

/** Documents how a store view is chosen; resolution itself happens in resolveStoreView. */
export const StoreQuery = z.object({
  store: z.string().optional().openapi({ description: 'Store view code; the X-Store-Code header takes precedence.', example: 'au' }),
});
export const StoreHeaders = z.object({
  'x-store-code': z.string().optional().openapi({ description: 'Store view code; absent or blank means the default store.' }),
});

export const StoreSummarySchema = z
  .object({
    code: z.string(),
    name: z.string(),
    isDefault: z.boolean(),
    baseCurrencyCode: z.string(),
    locale: z.string(),
  })
  .openapi('StoreSummary');

export const StoreListSchema = z.object({ member: z.array(StoreSummarySchema), totalItems: z.number().int() }).openapi('StoreList');

export const StoreConfigSchema = z
  .object({
    storeCode: z.string(),
    storeName: z.string(),
    description: z.string(),
    baseCurrencyCode: z.string().openapi({ example: 'USD' }),
    locale: z.string().openapi({ example: 'en_US' }),
    timezone: z.string(),
    defaultCountry: z.string(),
    allowedCountries: z.array(z.string()),
    logoUrl: z.string().nullable(),
    accentColor: z.string().regex(/^#[0-9a-f]{6}$/i),
    contactEmail: z.string(),
    productsPerPage: z.number().int(),
    extensions: z.record(z.string(), z.unknown()).openapi({ description: 'Modules add namespaced keys here.' }),
  })
  .openapi('StoreConfig');

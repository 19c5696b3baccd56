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

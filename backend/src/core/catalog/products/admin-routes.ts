/** `/api/rest/v2/admin/products…` (DECISIONS.md 42) on the product admin service. */
import { z } from '@hono/zod-openapi';
import { documentAdminRoutes } from '../../content-admin/document-routes.ts';
import { Timestamp } from '../../http/schemas.ts';
import { ProductInput, ProductPatch, productAdmin } from './admin.ts';

const Prices = z.object({ price: z.number(), specialPrice: z.number().nullable() });

const AdminProduct = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    type: z.string(),
    name: z.string(),
    urlKey: z.string(),
    isEnabled: z.boolean(),
    visibility: z.enum(['catalog', 'not_visible']),
    stockQty: z.number().int(),
    stockStatus: z.enum(['in_stock', 'out_of_stock']),
    price: z.number().nullable().openapi({ description: 'The default store view\'s price.' }),
    specialPrice: z.number().nullable(),
    storeOverrides: z.record(z.string(), Prices).openapi({ description: 'Every store view\'s price and special price, by store code.' }),
    description: z.string(),
    shortDescription: z.string(),
    categoryIds: z.array(z.number().int()),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('AdminProduct');

export const productAdminRoutes = documentAdminRoutes({
  path: '/admin/products',
  noun: 'product',
  record: AdminProduct,
  input: ProductInput,
  patch: ProductPatch,
  service: productAdmin as never,
});

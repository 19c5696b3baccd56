import { z } from '@hono/zod-openapi';

export const CartLineSchema = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    sku: z.string(),
    name: z.string(),
    parentSku: z.string().nullable(),
    options: z.record(z.string(), z.string()),
    qty: z.number().int(),
    price: z.number(),
    rowTotal: z.number(),
    available: z.number().int(),
  })
  .openapi('CartLine');

export const CartSchema = z
  .object({
    id: z.number().int().nullable().openapi({ description: 'null until the first item is added' }),
    currency: z.string(),
    items: z.array(CartLineSchema),
    itemsQty: z.number().int(),
    subtotal: z.number(),
  })
  .openapi('Cart');

export const CartHeaders = z.object({
  'x-cart-token': z.string().optional().openapi({ description: 'Guest cart token from an earlier cart answer (ignored with a customer token).' }),
});

export const AddItemSchema = z
  .object({
    sku: z.string().min(1),
    qty: z.number().int().min(1).max(10_000),
    options: z
      .record(z.string(), z.union([z.string(), z.number().int()]))
      .optional()
      .openapi({ description: 'Configurable options by attribute code: value index or label.', example: { color: 'Navy', size: 3 } }),
  })
  .openapi('AddCartItem');

export const UpdateItemSchema = z.object({ qty: z.number().int().min(1).max(10_000) }).openapi('UpdateCartItem');

export const ItemIdParam = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

import { z } from '@hono/zod-openapi';
import type { AddCartItem } from '../../../../contracts/add-cart-item.ts';

/*
 * The cart's answer and the add-item body are shared contracts (contracts/cart.ts,
 * contracts/add-cart-item.ts): the storefront's islands and the widget read the same types.
 * Headers and path parameters are the backend's own and stay here.
 */
export { addCartItemSchema as AddItemSchema, giftcardChoiceSchema as GiftcardChoiceSchema } from '../../../../contracts/add-cart-item.ts';
export { cartLineSchema as CartLineSchema, cartSchema as CartSchema } from '../../../../contracts/cart.ts';

export const CartHeaders = z.object({
  'x-cart-token': z.string().optional().openapi({ description: 'Guest cart token from an earlier cart answer (ignored with a customer token).' }),
});

export type AddItemInput = AddCartItem;

export const UpdateItemSchema = z.object({ qty: z.number().int().min(1).max(10_000) }).openapi('UpdateCartItem');

export const ItemIdParam = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { StoreEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { ErrorSchema, errorResponses, jsonBody, jsonContent } from '../../platform/http/schemas.ts';
import { StoreHeaders, StoreQuery } from '../stores/schemas.ts';
import { resolveStoreView } from '../stores/store-view.ts';
import { loadCartView } from './cart-view.ts';
import { cartTokenHeader, findActiveCart, resolveCartOwner, type CartOwner } from './identity.ts';
import { hiddenProducts } from '../catalog/visibility.ts';
import { addItems, removeItem, setItemQty } from './items.ts';
import { AddItemSchema, CartHeaders, CartSchema, ItemIdParam, UpdateItemSchema } from './schemas.ts';
import { resolveAdditions } from './sellable.ts';
import type { CartContext } from './validate-add.ts';

const headers = StoreHeaders.extend(CartHeaders.shape);
const cartResponses = {
  200: { ...jsonContent(CartSchema, 'The cart'), headers: { 'X-Cart-Token': { schema: { type: 'string' as const }, description: 'Issued to guests on their first cart answer' } } },
  ...errorResponses,
  401: jsonContent(ErrorSchema, 'Invalid access token'),
  409: jsonContent(ErrorSchema, 'Not enough stock'),
  422: jsonContent(ErrorSchema, 'Product cannot be bought this way'),
};
const tags = ['Cart'];

const getCart = createRoute({
  tags,
  middleware: [resolveStoreView] as const,
  method: 'get',
  path: '/cart',
  summary: 'The caller\'s cart (DECISIONS.md 23)',
  request: { query: StoreQuery, headers },
  responses: cartResponses,
});
const addCartItem = createRoute({
  tags,
  middleware: [resolveStoreView] as const,
  method: 'post',
  path: '/cart/items',
  summary: 'Add a product with what was chosen for it',
  description:
    'Configurable: `options` pick the variant. Bundle: `bundleOptions` (selection ids per option; price = sum of the selections). Downloadable: `links` (price = product + links). Gift card: `giftcard` (amount, sender, recipient, message; price = amount). Grouped: `groupedQuantities` adds the members as their own lines, all or none. Invalid choices answer 400 with `details.field`.',
  request: { query: StoreQuery, headers, body: jsonBody(AddItemSchema) },
  responses: cartResponses,
});
const updateCartItem = createRoute({
  tags,
  middleware: [resolveStoreView] as const,
  method: 'patch',
  path: '/cart/items/{id}',
  summary: 'Change an item\'s quantity',
  request: { query: StoreQuery, headers, params: ItemIdParam, body: jsonBody(UpdateItemSchema) },
  responses: cartResponses,
});
const deleteCartItem = createRoute({
  tags,
  middleware: [resolveStoreView] as const,
  method: 'delete',
  path: '/cart/items/{id}',
  summary: 'Remove an item',
  request: { query: StoreQuery, headers, params: ItemIdParam },
  responses: cartResponses,
});

/** Cart writes judge products as the catalog does for this caller: what is hidden from them does not exist (DECISIONS.md 47). */
async function cartContext(c: Context<StoreEnv>): Promise<CartContext> {
  return { db: c.var.db, hooks: c.var.hooks, caller: c.var.caller, hidden: await hiddenProducts(c) };
}

function ownerOf(c: Context<StoreEnv>): Promise<CartOwner> {
  return resolveCartOwner(c.var.db, c.var.caller, c.req.header(cartTokenHeader));
}

/** Carts are personal: never cached; guests learn their token from the header. */
async function answer(c: Context<StoreEnv>, owner: CartOwner) {
  const cart = await findActiveCart(c.var.db, owner, c.var.store.id);
  const responseHeaders: Record<string, string> = { 'Cache-Control': 'no-store' };
  if ('guestToken' in owner && (owner.issued || !cart)) responseHeaders['X-Cart-Token'] = owner.guestToken;
  return c.json(await loadCartView(c.var.db, cart, c.var.store.baseCurrencyCode, c.var), 200, responseHeaders);
}

export const cartRoutes = createRouter<StoreEnv>()
  .openapi(getCart, async (c) => answer(c, await ownerOf(c)))
  .openapi(addCartItem, async (c) => {
    const owner = await ownerOf(c);
    const context = await cartContext(c);
    const additions = await resolveAdditions(c.var.db, c.var.store.id, c.req.valid('json'), context.hidden);
    await addItems(context, owner, c.var.store.id, additions);
    return answer(c, owner);
  })
  .openapi(updateCartItem, async (c) => {
    const owner = await ownerOf(c);
    await setItemQty(await cartContext(c), await findActiveCart(c.var.db, owner, c.var.store.id), c.req.valid('param').id, c.req.valid('json').qty);
    return answer(c, owner);
  })
  .openapi(deleteCartItem, async (c) => {
    const owner = await ownerOf(c);
    await removeItem(c.var.db, await findActiveCart(c.var.db, owner, c.var.store.id), c.req.valid('param').id);
    return answer(c, owner);
  });

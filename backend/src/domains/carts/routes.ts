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
import { addInBulk, mergeBySku, outcomeOf } from './bulk.ts';
import { linesToBuyAgain } from './reorder.ts';
import { bulkCartAnswerSchema, bulkCartItemsSchema } from '../../../../contracts/bulk-cart.ts';
import { OrderNumberParam } from '../orders/schemas.ts';
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
const bulkResponses = {
  200: { ...jsonContent(bulkCartAnswerSchema, 'Each line\'s outcome and the cart'), headers: cartResponses[200].headers },
  ...errorResponses,
  401: jsonContent(ErrorSchema, 'Invalid access token, or a store-wide login wall'),
};

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
const bulkAddCartItems = createRoute({
  tags,
  middleware: [resolveStoreView] as const,
  method: 'post',
  path: '/cart/items/bulk',
  summary: 'Quick order: add up to 1,000 lines of SKU and quantity at once (DECISIONS.md 60)',
  description:
    'Every line that can be bought is added in one transaction, through the same checks as `POST /cart/items` (B2B Access, quantity rules, stock); the others are answered per line with `status: "refused"` and the code a single add would answer (`product_not_found` for an unknown or hidden SKU alike, `purchase_blocked`, `insufficient_stock`, `quantity_rule`), or `options_required` for a product that needs choices (configurable, bundle, gift card, grouped): name a variant by its own SKU. The same SKU on several lines is added once, with the quantities summed. Malformed input is a 400 naming the line (`items.3.qty`).',
  request: { query: StoreQuery, headers, body: jsonBody(bulkCartItemsSchema) },
  responses: bulkResponses,
});
const reorder = createRoute({
  tags,
  middleware: [resolveStoreView] as const,
  method: 'post',
  path: '/cart/reorder/{number}',
  summary: 'Order again: add the lines of one of the caller\'s orders to the cart',
  description:
    'Customers only, with their own orders: a guest, another customer\'s order and an unknown number answer the same 404 `order_not_found`. Lines keep what they were bought with (variant, bundle selections, download links); a gift card is refused with `options_required` (its recipient belonged to that gift). Answers per line as `POST /cart/items/bulk`.',
  request: { query: StoreQuery, headers, params: OrderNumberParam },
  responses: bulkResponses,
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
async function cartAnswer(c: Context<StoreEnv>, owner: CartOwner) {
  const cart = await findActiveCart(c.var.db, owner, c.var.store.id);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if ('guestToken' in owner && (owner.issued || !cart)) headers['X-Cart-Token'] = owner.guestToken;
  return { view: await loadCartView(c.var.db, cart, c.var.store.baseCurrencyCode, c.var), headers };
}

async function answer(c: Context<StoreEnv>, owner: CartOwner) {
  const { view, headers } = await cartAnswer(c, owner);
  return c.json(view, 200, headers);
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
  .openapi(bulkAddCartItems, async (c) => {
    const owner = await ownerOf(c);
    const lines = mergeBySku(c.req.valid('json').items);
    const refusals = await addInBulk(await cartContext(c), owner, c.var.store.id, lines);
    const { view, headers } = await cartAnswer(c, owner);
    return c.json({ lines: lines.map((line, i) => outcomeOf(line, refusals[i] ?? null)), cart: view }, 200, headers);
  })
  .openapi(reorder, async (c) => {
    // The order first: a guest is told "no such order" before anything about carts.
    const lines = await linesToBuyAgain(c.var.db, c.var.caller, c.req.valid('param').number);
    const owner = await ownerOf(c);
    const refusals = await addInBulk(await cartContext(c), owner, c.var.store.id, lines.map((line) => line.request));
    const { view, headers } = await cartAnswer(c, owner);
    return c.json({ lines: lines.map(({ sku, qty }, i) => outcomeOf({ sku, qty }, refusals[i] ?? null)), cart: view }, 200, headers);
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

import { and, eq, sql } from 'drizzle-orm';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/database.ts';
import { cartItems, carts, products } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { HookRegistry } from '../modules/hooks.ts';
import type { CartRow } from './identity.ts';
import type { Sellable } from './sellable.ts';

/** Refuses quantities the shop cannot ship; checkout checks again, atomically, when it takes the stock. */
export async function checkStock(db: Db, productId: number, qty: number): Promise<void> {
  const [product] = await db.select({ qty: products.qty, stockStatus: products.stockStatus, sku: products.sku }).from(products).where(eq(products.id, productId));
  const available = product && product.stockStatus === 'in_stock' ? product.qty : 0;
  if (qty > available) {
    throw new AppError('conflict', 'insufficient_stock', `Only ${available} of ${product?.sku ?? 'this product'} in stock.`, { available });
  }
}

interface CartContext {
  db: Db;
  hooks: HookRegistry;
  caller: Caller;
}

async function touch(db: Db, cartId: number): Promise<void> {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** Adds qty of a sellable; the same product with the same options adds to its existing line. */
export async function addItem({ db, hooks, caller }: CartContext, cart: CartRow, sellable: Sellable, qty: number): Promise<void> {
  const [line] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, sellable.productId), sql`${cartItems.options} = ${JSON.stringify(sellable.options)}::jsonb`));
  const total = (line?.qty ?? 0) + qty;
  await hooks.run('cart.validateAdd', { caller, productId: sellable.productId, sku: sellable.sku, qty: total, storeId: cart.storeId });
  await checkStock(db, sellable.productId, total);
  const now = new Date();
  if (line) await db.update(cartItems).set({ qty: total, updatedAt: now }).where(eq(cartItems.id, line.id));
  else
    await db
      .insert(cartItems)
      .values({ cartId: cart.id, productId: sellable.productId, parentId: sellable.parentId, options: sellable.options, qty, createdAt: now, updatedAt: now });
  await touch(db, cart.id);
}

async function findLine(db: Db, cart: CartRow | undefined, itemId: number) {
  const [line] = cart ? await db.select().from(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id))) : [];
  if (!line) throw new AppError('not_found', 'cart_item_not_found', `The cart has no item ${itemId}.`);
  return line;
}

export async function setItemQty({ db, hooks, caller }: CartContext, cart: CartRow | undefined, itemId: number, qty: number): Promise<void> {
  const line = await findLine(db, cart, itemId);
  const [product] = await db.select({ sku: products.sku }).from(products).where(eq(products.id, line.productId));
  await hooks.run('cart.validateAdd', { caller, productId: line.productId, sku: product?.sku ?? '', qty, storeId: cart?.storeId ?? 0 });
  await checkStock(db, line.productId, qty);
  await db.update(cartItems).set({ qty, updatedAt: new Date() }).where(eq(cartItems.id, line.id));
  await touch(db, line.cartId);
}

export async function removeItem(db: Db, cart: CartRow | undefined, itemId: number): Promise<void> {
  const line = await findLine(db, cart, itemId);
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
  await touch(db, line.cartId);
}

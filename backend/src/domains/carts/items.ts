import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { cartItems, carts, products } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { findActiveCart, findOrCreateCart, type CartOwner, type CartRow } from './identity.ts';
import type { Addition, Sellable } from './sellable-types.ts';
import { validateAdd, type CartContext } from './validate-add.ts';

/** Refuses quantities the shop cannot ship; checkout checks again, atomically, when it takes the stock. */
export async function checkStock(db: Db, productId: number, qty: number): Promise<void> {
  const [product] = await db.select({ qty: products.qty, stockStatus: products.stockStatus, sku: products.sku }).from(products).where(eq(products.id, productId));
  const available = product && product.stockStatus === 'in_stock' ? product.qty : 0;
  if (qty > available) {
    throw new AppError('conflict', 'insufficient_stock', `Only ${available} of ${product?.sku ?? 'this product'} in stock.`, { available });
  }
}

async function touch(db: Db, cartId: number): Promise<void> {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/**
 * The line holding the same product with the same choices, picked from the same parent: adding to
 * the cart adds to it. A grouped product's member bought through the group stays apart from the
 * same product bought on its own, so the line keeps saying where it came from (`parentSku`).
 */
export function sameChoiceAs(line: Pick<Sellable, 'productId' | 'parentId' | 'options' | 'configuration'>): SQL {
  const configuration = line.configuration === null ? null : JSON.stringify(line.configuration);
  return and(
    eq(cartItems.productId, line.productId),
    line.parentId === null ? isNull(cartItems.parentId) : eq(cartItems.parentId, line.parentId),
    sql`${cartItems.options} = ${JSON.stringify(line.options)}::jsonb`,
    sql`${cartItems.configuration} is not distinct from ${configuration}::jsonb`,
  ) as SQL;
}

/**
 * Adds the lines of one request together or not at all: every line is checked first (hooks,
 * stock of the new total), then the cart and the lines are written in one transaction. Hooks run
 * outside it, so a module's own queries never wait on the transaction's connection.
 */
export async function addItems(context: CartContext, owner: CartOwner, storeId: number, additions: Addition[]): Promise<void> {
  const { db } = context;
  const existing = await findActiveCart(db, owner, storeId);
  const planned: (Addition & { lineId: number | undefined })[] = [];
  for (const { sellable, qty } of additions) {
    const [line] = existing ? await db.select().from(cartItems).where(and(eq(cartItems.cartId, existing.id), sameChoiceAs(sellable))) : [];
    const total = (line?.qty ?? 0) + qty;
    await validateAdd(context, storeId, sellable, total, line?.qty ?? 0);
    await checkStock(db, sellable.productId, total);
    planned.push({ sellable, qty, lineId: line?.id });
  }
  await db.transaction(async (tx) => {
    const cart = await findOrCreateCart(tx, owner, storeId);
    const now = new Date();
    for (const { sellable, qty, lineId } of planned) {
      // Adds to the quantity in the database, so a concurrent add to the same line is not lost.
      if (lineId !== undefined) await tx.update(cartItems).set({ qty: sql`${cartItems.qty} + ${qty}`, updatedAt: now }).where(eq(cartItems.id, lineId));
      else {
        const { productId, parentId, options, configuration } = sellable;
        await tx.insert(cartItems).values({ cartId: cart.id, productId, parentId, options, configuration, qty, createdAt: now, updatedAt: now });
      }
    }
    await touch(tx, cart.id);
  });
}

async function findLine(db: Db, cart: CartRow | undefined, itemId: number) {
  const [line] = cart ? await db.select().from(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id))) : [];
  if (!line) throw new AppError('not_found', 'cart_item_not_found', `The cart has no item ${itemId}.`);
  return line;
}

export async function setItemQty(context: CartContext, cart: CartRow | undefined, itemId: number, qty: number): Promise<void> {
  const { db } = context;
  const line = await findLine(db, cart, itemId);
  const [product] = await db.select({ sku: products.sku }).from(products).where(eq(products.id, line.productId));
  await validateAdd(context, cart?.storeId ?? 0, { productId: line.productId, sku: product?.sku ?? '', configuration: line.configuration }, qty, line.qty);
  await checkStock(db, line.productId, qty);
  await db.update(cartItems).set({ qty, updatedAt: new Date() }).where(eq(cartItems.id, line.id));
  await touch(db, line.cartId);
}

export async function removeItem(db: Db, cart: CartRow | undefined, itemId: number): Promise<void> {
  const line = await findLine(db, cart, itemId);
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
  await touch(db, line.cartId);
}

import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { cartItems, carts, products } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { findActiveCart, findOrCreateCart, type CartOwner, type CartRow } from './identity.ts';
import type { Addition, Resolution, Sellable } from './sellable-types.ts';
import { validateAdd, type CartContext } from './validate-add.ts';

/** A product's stock as the cart judges it. */
type Stock = { qty: number; stockStatus: string } | undefined;

/** Refuses quantities the shop cannot ship; checkout checks again, atomically, when it takes the stock. */
function refuseBeyondStock(product: Stock, sku: string, qty: number): void {
  const available = product && product.stockStatus === 'in_stock' ? product.qty : 0;
  if (qty > available) throw new AppError('conflict', 'insufficient_stock', `Only ${available} of ${sku} in stock.`, { available });
}

export async function checkStock(db: Db, productId: number, qty: number): Promise<void> {
  const [product] = await db.select({ qty: products.qty, stockStatus: products.stockStatus, sku: products.sku }).from(products).where(eq(products.id, productId));
  refuseBeyondStock(product, product?.sku ?? 'this product', qty);
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

/** JSON with its object keys sorted: equal for equal jsonb values (jsonb compares objects whatever their key order). */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
}

/** sameChoiceAs in memory: the key of the line a sellable adds to. */
function choiceKey(line: Pick<Sellable, 'productId' | 'parentId' | 'options' | 'configuration'>): string {
  return `${line.productId}|${line.parentId ?? ''}|${canonical(line.options)}|${canonical(line.configuration)}`;
}

/** An addition checked and ready to write: `lineId` is the cart line it adds to, if the cart has one. */
export interface PlannedAddition extends Addition {
  lineId: number | undefined;
}

/**
 * Checks every request's lines before anything is written: hooks (`cart.validateAdd`, so B2B Access
 * and the pricing rules decide as for any add) and stock, each at the line's new total, counting what
 * the cart holds and what earlier requests of the batch add to the same line. A request's lines pass
 * together or not at all (a grouped product's members); a refusal is that request's answer. Two
 * queries whatever the count (the cart's lines, the products' stock) besides the hooks' own.
 */
export async function planAdditions(context: CartContext, cart: CartRow | undefined, storeId: number, requests: readonly Resolution[]): Promise<(PlannedAddition[] | AppError)[]> {
  const { db } = context;
  const held = new Map<string, { id: number; qty: number }>();
  if (cart) {
    const lines = await db.select().from(cartItems).where(eq(cartItems.cartId, cart.id));
    for (const line of lines) held.set(choiceKey(line), { id: line.id, qty: line.qty });
  }
  const productIds = [...new Set(requests.flatMap((request) => (request instanceof AppError ? [] : request.map((addition) => addition.sellable.productId))))];
  const stockRows = productIds.length === 0 ? [] : await db.select({ id: products.id, qty: products.qty, stockStatus: products.stockStatus }).from(products).where(inArray(products.id, productIds));
  const stock = new Map(stockRows.map((row) => [row.id, row]));
  const added = new Map<string, number>();
  const planned: (PlannedAddition[] | AppError)[] = [];
  for (const request of requests) {
    if (request instanceof AppError) {
      planned.push(request);
      continue;
    }
    const tentative = new Map<string, number>();
    try {
      const plan = request.map(({ sellable, qty }) => ({ sellable, qty, lineId: held.get(choiceKey(sellable))?.id }));
      for (const { sellable, qty } of plan) {
        const key = choiceKey(sellable);
        const previous = (held.get(key)?.qty ?? 0) + (added.get(key) ?? 0) + (tentative.get(key) ?? 0);
        await validateAdd(context, storeId, sellable, previous + qty, previous);
        refuseBeyondStock(stock.get(sellable.productId), sellable.sku, previous + qty);
        tentative.set(key, (tentative.get(key) ?? 0) + qty);
      }
      for (const [key, qty] of tentative) added.set(key, (added.get(key) ?? 0) + qty);
      planned.push(plan);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      planned.push(error);
    }
  }
  return planned;
}

/**
 * Writes checked additions in one transaction: the cart (created on first write), one update per
 * line already in the cart, one insert for all new lines. Hooks ran before (planAdditions), so a
 * module's own queries never wait on the transaction's connection.
 */
export async function writeAdditions(db: Db, owner: CartOwner, storeId: number, planned: readonly PlannedAddition[]): Promise<void> {
  const increments = new Map<number, number>();
  const inserts = new Map<string, Addition>();
  for (const { sellable, qty, lineId } of planned) {
    if (lineId !== undefined) increments.set(lineId, (increments.get(lineId) ?? 0) + qty);
    else {
      const key = choiceKey(sellable);
      const line = inserts.get(key);
      inserts.set(key, { sellable, qty: (line?.qty ?? 0) + qty });
    }
  }
  await db.transaction(async (tx) => {
    const cart = await findOrCreateCart(tx, owner, storeId);
    const now = new Date();
    // Adds to the quantity in the database, so a concurrent add to the same line is not lost.
    for (const [lineId, qty] of increments) await tx.update(cartItems).set({ qty: sql`${cartItems.qty} + ${qty}`, updatedAt: now }).where(eq(cartItems.id, lineId));
    if (inserts.size > 0) {
      const rows = [...inserts.values()].map(({ sellable: { productId, parentId, options, configuration }, qty }) => ({ cartId: cart.id, productId, parentId, options, configuration, qty, createdAt: now, updatedAt: now }));
      await tx.insert(cartItems).values(rows);
    }
    await touch(tx, cart.id);
  });
}

/** Adds the lines of one request (`POST /cart/items`) together or not at all. */
export async function addItems(context: CartContext, owner: CartOwner, storeId: number, additions: Addition[]): Promise<void> {
  const [plan] = await planAdditions(context, await findActiveCart(context.db, owner, storeId), storeId, [additions]);
  if (plan instanceof AppError) throw plan;
  await writeAdditions(context.db, owner, storeId, plan!);
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

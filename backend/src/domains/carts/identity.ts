import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Db } from '../../platform/db/database.ts';
import { carts } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/** DECISIONS.md 23: a guest's cart is named by this header (the widget on third-party pages has no cookies). */
export const cartTokenHeader = 'x-cart-token';

/** 32 random bytes, base64url: 43 characters. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const newCartToken = () => randomBytes(32).toString('base64url');
export const hashCartToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type CartRow = typeof carts.$inferSelect;

/** Who owns the cart of this request: a customer (by token) or a guest (by cart token, issued when missing). */
export type CartOwner = { customerId: number } | { guestToken: string; issued: boolean };

export function cartOwnerOf(caller: Caller, headerToken: string | undefined): CartOwner {
  if (caller.kind === 'customer') return { customerId: caller.customerId };
  if (caller.kind !== 'guest') throw new AppError('forbidden', 'cart_not_available', 'API clients and admins have no cart; use a customer token or X-Cart-Token.');
  if (headerToken === undefined || headerToken === '') return { guestToken: newCartToken(), issued: true };
  if (!tokenPattern.test(headerToken)) throw new AppError('invalid', 'invalid_cart_token', 'X-Cart-Token is not a token this shop issued.');
  return { guestToken: headerToken, issued: false };
}

/**
 * Like cartOwnerOf, but a guest token whose cart was already ordered (or merged at login) is replaced
 * by a fresh one, answered in X-Cart-Token: the widget keeps its token across orders and simply
 * adopts the new one, instead of failing on a closed cart.
 */
export async function resolveCartOwner(db: Db, caller: Caller, headerToken: string | undefined): Promise<CartOwner> {
  const owner = cartOwnerOf(caller, headerToken);
  if (!('guestToken' in owner) || owner.issued) return owner;
  const [closed] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.guestTokenHash, hashCartToken(owner.guestToken)), ne(carts.status, 'active')));
  return closed ? { guestToken: newCartToken(), issued: true } : owner;
}

/** The owner's active cart, if it has one. */
export async function findActiveCart(db: Db, owner: CartOwner, storeId: number): Promise<CartRow | undefined> {
  const condition =
    'customerId' in owner
      ? and(eq(carts.customerId, owner.customerId), eq(carts.storeId, storeId), eq(carts.status, 'active'))
      : and(eq(carts.guestTokenHash, hashCartToken(owner.guestToken)), eq(carts.status, 'active'));
  const [cart] = await db.select().from(carts).where(condition);
  return cart;
}

/** Creates the cart on first write (a GET of an empty cart writes nothing). */
export async function findOrCreateCart(db: Db, owner: CartOwner, storeId: number): Promise<CartRow> {
  const existing = await findActiveCart(db, owner, storeId);
  if (existing) return existing;
  const now = new Date();
  const values =
    'customerId' in owner ? { customerId: owner.customerId } : { guestTokenHash: hashCartToken(owner.guestToken) };
  // Two first writes at once: the unique index lets one insert win; the other reads the winner's cart.
  const [created] = await db
    .insert(carts)
    .values({ ...values, storeId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return created ?? (await findActiveCart(db, owner, storeId)) ?? failCartCreation();
}

/** Only when an order closes the cart between resolveCartOwner and this write. */
function failCartCreation(): never {
  throw new AppError('conflict', 'cart_unavailable', 'This cart was just ordered; start a new cart.');
}
